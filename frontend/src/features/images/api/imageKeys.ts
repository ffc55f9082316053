import type { ImageCollection, ImageFilters } from '../types';

/** Every image query starts with this key, so mutations invalidate them all at once. */
export const imageKeys = {
  all: ['images'] as const,
  list: (collection: ImageCollection, filters: ImageFilters) => [...imageKeys.all, 'list', collection, filters] as const,
  tagOptions: () => [...imageKeys.all, 'tagOptions'] as const,
};
