/** Every file query starts with this key, so mutations invalidate them all at once. */
export const fileKeys = {
  all: ['files'] as const,
  list: () => [...fileKeys.all, 'list'] as const,
  detail: (fileId: string) => [...fileKeys.all, 'detail', fileId] as const,
};
