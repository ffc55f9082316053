import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { materialKeys } from './materialKeys';

/**
 * POST /api/projects/{id}/materials/associate with `materialIds` from the library; the server
 * skips materials already in the project (spec §5) and answers which it linked and skipped.
 */
export function useLinkMaterials(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (materialIds: string[]) =>
      unwrap(
        await api.POST('/api/projects/{project_id}/materials/associate', {
          params: { path: { project_id: projectId } },
          body: { materialIds },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
