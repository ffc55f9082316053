import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { tagKeys } from './tagKeys';

/** DELETE /api/tags/{id}. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tagId: string) => {
      await api.DELETE('/api/tags/{tag_id}', { params: { path: { tag_id: tagId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
