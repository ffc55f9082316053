import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { imageKeys } from './imageKeys';

/** PUT /api/images/{id}/make-public: publishes a read-only copy (irreversible) and returns it. */
export function useMakeImagePublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) =>
      unwrap(await api.PUT('/api/images/{image_id}/make-public', { params: { path: { image_id: imageId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
