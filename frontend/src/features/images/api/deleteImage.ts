import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { imageKeys } from './imageKeys';

/** DELETE /api/images/{id}: owners only; public images are read-only. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) => {
      await api.DELETE('/api/images/{image_id}', { params: { path: { image_id: imageId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
