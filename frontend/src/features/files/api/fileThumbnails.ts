import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { fileKeys } from './fileKeys';

export interface FileThumbnailsUpload {
  fileId: string;
  images: readonly File[];
  /** A 1-based slide number for a single image; without it the server sorts the images by
   * name (natural order) onto slides 1, 2, 3... */
  index?: number | null;
}

/** POST /api/files/{id}/thumbnails: multipart `thumbnails` (one or many) and optional `index`. */
export function useUploadFileThumbnails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileId, images, index }: FileThumbnailsUpload) => {
      const form = new FormData();
      images.forEach((image) => form.append('thumbnails', image));
      if (index != null) form.append('index', String(index));
      return unwrap(
        await api.POST('/api/files/{file_id}/thumbnails', {
          params: { path: { file_id: fileId } },
          // The generated type says `string[]` for binary fields; the client sends FormData as is.
          body: form as never,
        }),
      );
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(fileKeys.detail(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: fileKeys.list() });
    },
  });
}

/** DELETE /api/files/{id}/thumbnails: every thumbnail, rendered or uploaded. */
export function useClearFileThumbnails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileId: string) =>
      unwrap(await api.DELETE('/api/files/{file_id}/thumbnails', { params: { path: { file_id: fileId } } })),
    onSuccess: (updated) => {
      queryClient.setQueryData(fileKeys.detail(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: fileKeys.list() });
    },
  });
}
