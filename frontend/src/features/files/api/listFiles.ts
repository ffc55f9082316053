import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { fileKeys } from './fileKeys';

/** GET /api/files: the caller's files, newest first. */
export const fileListQueryOptions = queryOptions({
  queryKey: fileKeys.list(),
  queryFn: async () => unwrap(await api.GET('/api/files')),
});

export function useFiles() {
  return useQuery(fileListQueryOptions);
}
