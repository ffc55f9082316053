import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { templateKeys } from './templateKeys';

/** DELETE /api/pptx-files/{id}: the template, its file and thumbnails (owner or Admin). */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string) => {
      await api.DELETE('/api/pptx-files/{file_id}', { params: { path: { file_id: templateId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
