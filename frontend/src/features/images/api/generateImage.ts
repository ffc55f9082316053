import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { ImageSize } from '../types';
import { imageKeys } from './imageKeys';

/** POST /api/images/generate: draws a picture into the caller's gallery (503 `ai_unavailable` without AI). */
export function useGenerateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ prompt, imageSize }: { prompt: string; imageSize: ImageSize }) =>
      unwrap(await api.POST('/api/images/generate', { body: { prompt, image_size: imageSize } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
