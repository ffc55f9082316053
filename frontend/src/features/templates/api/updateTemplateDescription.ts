import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/** PUT /api/pptx-files/{id} with a new file description. */
export function useUpdateTemplateDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateId, description }: { templateId: string; description: string }) =>
      unwrap(await api.PUT('/api/pptx-files/{file_id}', { params: { path: { file_id: templateId } }, body: { description } })),
    onSuccess: (updated) => {
      queryClient.setQueryData(templateKeys.detail(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
