/**
 * A template element's text as a short preview: blank lines dropped, so text that starts with
 * line breaks (common in placeholders) shows its words instead of an empty clamped "…".
 */
export function textPreview(text: string): string {
  return text
    .split(/\r?\n|\v/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
