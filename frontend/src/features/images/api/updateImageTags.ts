import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { imageKeys } from './imageKeys';

/** PUT /api/images/{id}/tags: replaces the whole tag list. */
export function useUpdateImageTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ imageId, tagIds }: { imageId: string; tagIds: string[] }) =>
      unwrap(
        await api.PUT('/api/images/{image_id}/tags', { params: { path: { image_id: imageId } }, body: { tagIds } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
