import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** POST /api/files/{id}/use-as-template: a draft PPTX template made from the file; resolves
 * with its id (open it at /pptx-files/{id}). */
export function useUseAsPptxTemplate() {
  return useMutation({
    mutationFn: async (fileId: string) =>
      unwrap(await api.POST('/api/files/{file_id}/use-as-template', { params: { path: { file_id: fileId } } })).pptxFileId,
  });
}
