import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { ProjectCreate } from '../types';
import { projectKeys } from './projectKeys';

/** POST /api/projects: a project with `numSlides` empty slides. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProjectCreate) => unwrap(await api.POST('/api/projects', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
