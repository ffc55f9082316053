import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { imageKeys } from './imageKeys';

/** PUT /api/images/{id}/alt: a blank description resets it to the file name. */
export function useUpdateImageAlt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ imageId, alt }: { imageId: string; alt: string }) =>
      unwrap(await api.PUT('/api/images/{image_id}/alt', { params: { path: { image_id: imageId } }, body: { alt } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
