import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/** POST /api/pptx-files/{id}/thumbnails/{n}: one JPEG, multipart field `thumbnail`. */
export async function uploadSlideThumbnail(templateId: string, slideNumber: number, file: File) {
  const form = new FormData();
  form.append('thumbnail', file);
  return unwrap(
    await api.POST('/api/pptx-files/{file_id}/thumbnails/{slide_number}', {
      params: { path: { file_id: templateId, slide_number: slideNumber } },
      // The generated type says `string` for a binary field; the client sends FormData as is.
      body: form as never,
    }),
  );
}

export function useUploadSlideThumbnail(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slideNumber, file }: { slideNumber: number; file: File }) => uploadSlideThumbnail(templateId, slideNumber, file),
    onSuccess: (updated) => {
      queryClient.setQueryData(templateKeys.detail(templateId), updated);
      return queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}

/** DELETE /api/pptx-files/{id}/thumbnails/{n}: drops an uploaded thumbnail and starts a job
 * rendering the slide again; follow the returned job. */
export function useResetSlideThumbnail(templateId: string) {
  return useMutation({
    mutationFn: async (slideNumber: number) =>
      unwrap(
        await api.DELETE('/api/pptx-files/{file_id}/thumbnails/{slide_number}', {
          params: { path: { file_id: templateId, slide_number: slideNumber } },
        }),
      ),
  });
}
