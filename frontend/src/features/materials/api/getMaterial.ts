import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { isApiError } from '@/api/errors';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

/** GET /api/materials/{id} (or a project's): one material with its parsed text. */
export function materialQueryOptions(materialId: string, projectId?: string) {
  return queryOptions({
    queryKey: materialKeys.detail(materialId, projectId),
    queryFn: async () =>
      unwrap(await api.GET(scopedApiPath('/api/materials/{material_id}', projectId), { params: { path: { material_id: materialId } } })),
    // A missing material stays missing; only other failures are worth retrying.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}

export function useMaterial(materialId: string, projectId?: string) {
  return useQuery(materialQueryOptions(materialId, projectId));
}
