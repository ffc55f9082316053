import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

type MaterialUpdate = components['schemas']['MaterialUpdate'];

/** PUT /api/materials/{id} (or a project's): rename, replace the tags or set `enabled`. */
export function useUpdateMaterial(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ materialId, changes }: { materialId: string; changes: MaterialUpdate }) =>
      unwrap(
        await api.PUT(scopedApiPath('/api/materials/{material_id}', projectId), {
          params: { path: { material_id: materialId } },
          body: changes,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
