import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { ImageCollection, ImageFilters } from '../types';
import { imageKeys } from './imageKeys';

/**
 * GET /api/images (the caller's private images) or GET /api/images/public (everyone's public
 * ones), newest first, optionally narrowed by `q` and `tagId`.
 */
export function imageListQueryOptions(collection: ImageCollection, filters: ImageFilters = {}) {
  const query = { q: filters.q?.trim() || undefined, tagId: filters.tagId || undefined };
  return queryOptions({
    queryKey: imageKeys.list(collection, query),
    queryFn: async () =>
      collection === 'mine'
        ? unwrap(await api.GET('/api/images', { params: { query } }))
        : unwrap(await api.GET('/api/images/public', { params: { query } })),
    // While a new search of the same set loads, keep its grid on screen instead of a spinner;
    // another set's pictures would mislead, so a tab switch shows the spinner.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === collection ? previous : undefined),
  });
}

export function useImages(collection: ImageCollection, filters: ImageFilters = {}) {
  return useQuery(imageListQueryOptions(collection, filters));
}
