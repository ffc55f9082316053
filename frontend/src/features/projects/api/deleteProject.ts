import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { projectKeys } from './projectKeys';

/** DELETE /api/projects/{id}: to the trash, or for good with `hard`. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, hard = false }: { projectId: string; hard?: boolean }) => {
      await api.DELETE('/api/projects/{project_id}', { params: { path: { project_id: projectId }, query: { hard } } });
    },
    onSuccess: (_data, { projectId }) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(projectId) });
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
