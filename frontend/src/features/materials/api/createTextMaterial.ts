import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { scopedApiPath } from '../scope';
import { materialKeys } from './materialKeys';

/** POST /api/materials/text (or a project's): a material typed in the app. */
export function useCreateTextMaterial(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { filename: string; content: string }) =>
      unwrap(await api.POST(scopedApiPath('/api/materials/text', projectId), { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
