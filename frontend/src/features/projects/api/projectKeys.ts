/** Every project query starts with `projects`, so a mutation can invalidate them all at once. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (trash: boolean) => [...projectKeys.lists(), { trash }] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  images: (projectId: string) => [...projectKeys.all, 'images', projectId] as const,
  previews: (projectId: string) => [...projectKeys.all, 'previews', projectId] as const,
  choicePreviews: (projectId: string, candidates: unknown) => [...projectKeys.all, 'previews', projectId, 'choices', candidates] as const,
  // Templates as this feature reads them (features keep their own keys).
  templates: () => [...projectKeys.all, 'templates'] as const,
  template: (pptxFileId: string) => [...projectKeys.all, 'templates', pptxFileId] as const,
};
