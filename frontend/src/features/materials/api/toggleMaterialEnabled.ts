import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

/** POST /api/materials/{id}/toggle-enabled (or a project's): flips whether the AI may use it. */
export function useToggleMaterialEnabled(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (materialId: string) =>
      unwrap(
        await api.POST(scopedApiPath('/api/materials/{material_id}/toggle-enabled', projectId), {
          params: { path: { material_id: materialId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
