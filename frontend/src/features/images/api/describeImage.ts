import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { UiLanguage } from '@/i18n/language';

/**
 * POST /api/images/{id}/describe: an AI description in `lang`. Not saved: the caller shows it
 * or saves it with PUT .../alt. Answers 503 `ai_unavailable` until an AI provider is configured.
 */
export function useDescribeImage() {
  return useMutation({
    mutationFn: async ({ imageId, lang }: { imageId: string; lang: UiLanguage }) =>
      unwrap(
        await api.POST('/api/images/{image_id}/describe', { params: { path: { image_id: imageId } }, body: { prompt: '', lang } }),
      ).description,
  });
}
