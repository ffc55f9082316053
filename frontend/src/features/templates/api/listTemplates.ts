import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/** GET /api/pptx-files: the caller's own templates, then every published one. */
export const templateListQueryOptions = queryOptions({
  queryKey: templateKeys.list(),
  queryFn: async () => unwrap(await api.GET('/api/pptx-files')),
});

export function useTemplates() {
  return useQuery(templateListQueryOptions);
}
