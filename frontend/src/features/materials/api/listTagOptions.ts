import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { materialKeys } from './materialKeys';

/** GET /api/tags: names to suggest for a material's tags (which are free strings). */
export const tagNameOptionsQueryOptions = queryOptions({
  queryKey: materialKeys.tagOptions(),
  queryFn: async () => unwrap(await api.GET('/api/tags')).map((tag) => tag.name),
  staleTime: 60_000,
});

export function useTagNameOptions() {
  return useQuery(tagNameOptionsQueryOptions);
}
