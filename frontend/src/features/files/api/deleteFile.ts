import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { fileKeys } from './fileKeys';

/** DELETE /api/files/{id}: the file, its thumbnails and the Templates made from it. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileId: string) => {
      await api.DELETE('/api/files/{file_id}', { params: { path: { file_id: fileId } } });
    },
    onSuccess: (_nothing, fileId) => {
      // The detail page is being left; refetching it would only 404.
      queryClient.removeQueries({ queryKey: fileKeys.detail(fileId) });
      return queryClient.invalidateQueries({ queryKey: fileKeys.list() });
    },
  });
}
