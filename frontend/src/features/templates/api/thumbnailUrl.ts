/**
 * The image URL of a template slide's thumbnail. `version` (the template's `updatedAt`) changes
 * the URL whenever the server's thumbnails may have changed, so images are fetched again.
 */
export function templateThumbnailUrl(templateId: string, slideNumber: number, version?: string): string {
  const url = `/api/files/thumbnails/${encodeURIComponent(templateId)}/${slideNumber}.jpg`;
  return version ? `${url}?v=${encodeURIComponent(version)}` : url;
}
