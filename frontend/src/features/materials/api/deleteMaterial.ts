import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

/** DELETE /api/materials/{id} (or a project's). */
export function useDeleteMaterial(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (materialId: string) => {
      await api.DELETE(scopedApiPath('/api/materials/{material_id}', projectId), { params: { path: { material_id: materialId } } });
    },
    onSuccess: (_data, materialId) => {
      // Dropped rather than refetched: an open detail page would only fetch a 404.
      queryClient.removeQueries({ queryKey: materialKeys.detail(materialId, projectId) });
      return queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) });
    },
  });
}
