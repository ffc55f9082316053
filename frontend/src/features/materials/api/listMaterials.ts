import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

/** GET /api/materials (or a project's): the materials, newest first. */
export function materialListQueryOptions(projectId?: string) {
  return queryOptions({
    queryKey: materialKeys.list(projectId),
    queryFn: async () => unwrap(await api.GET(scopedApiPath('/api/materials', projectId))),
  });
}

export function useMaterials(projectId?: string) {
  return useQuery(materialListQueryOptions(projectId));
}
