/** Every template query starts with this key, so mutations invalidate them all at once. */
export const templateKeys = {
  all: ['pptx-files'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (templateId: string) => [...templateKeys.all, 'detail', templateId] as const,
};
