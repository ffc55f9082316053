import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/** POST /api/pptx-files/{id}/publish: Draft becomes Published, for good (spec §4). */
export function usePublishTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string) =>
      unwrap(await api.POST('/api/pptx-files/{file_id}/publish', { params: { path: { file_id: templateId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
