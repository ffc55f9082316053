/** Every tag query starts with this key, so mutations invalidate them all at once. */
export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
};
