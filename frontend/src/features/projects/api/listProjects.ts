import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { projectKeys } from './projectKeys';

/** GET /api/projects (`trash`: the projects in the trash), most recently changed first. */
export function projectListQueryOptions(trash = false) {
  return queryOptions({
    queryKey: projectKeys.list(trash),
    queryFn: async () => unwrap(await api.GET('/api/projects', { params: { query: { trash } } })),
  });
}

export function useProjects(trash = false) {
  return useQuery(projectListQueryOptions(trash));
}
