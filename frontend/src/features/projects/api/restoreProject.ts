import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { projectKeys } from './projectKeys';

/** POST /api/projects/{id}/restore: back from the trash. */
export function useRestoreProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) =>
      unwrap(await api.POST('/api/projects/{project_id}/restore', { params: { path: { project_id: projectId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
