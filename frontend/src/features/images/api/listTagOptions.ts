import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { imageKeys } from './imageKeys';

/** GET /api/tags: the tags an image may carry (the caller's own and public ones). */
export const tagOptionsQueryOptions = queryOptions({
  queryKey: imageKeys.tagOptions(),
  queryFn: async () => unwrap(await api.GET('/api/tags')),
  staleTime: 60_000,
});

export function useTagOptions() {
  return useQuery(tagOptionsQueryOptions);
}
