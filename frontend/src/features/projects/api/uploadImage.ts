import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** POST /api/images (multipart): a new private gallery image, used for a picture element. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return unwrap(
        await api.POST('/api/images', {
          // The generated type describes the form fields; the request sends the FormData itself.
          body: form as unknown as { image: string },
          bodySerializer: (body) => body as unknown as FormData,
        }),
      );
    },
  });
}
