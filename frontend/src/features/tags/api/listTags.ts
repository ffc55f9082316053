import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { tagKeys } from './tagKeys';

/** GET /api/tags: the caller's own tags plus public ones. */
export const tagListQueryOptions = queryOptions({
  queryKey: tagKeys.list(),
  queryFn: async () => unwrap(await api.GET('/api/tags')),
});

export function useTags() {
  return useQuery(tagListQueryOptions);
}
