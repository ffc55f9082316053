import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { fileKeys } from './fileKeys';

/** GET /api/files/{id}: one file with its slides, their thumbnails and Templates. */
export function fileQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: fileKeys.detail(fileId),
    queryFn: async () => unwrap(await api.GET('/api/files/{file_id}', { params: { path: { file_id: fileId } } })),
  });
}

export function useFile(fileId: string) {
  return useQuery(fileQueryOptions(fileId));
}
