import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/** GET /api/pptx-files/{id}: one template with its slides, elements and latest render job. */
export function templateQueryOptions(templateId: string) {
  return queryOptions({
    queryKey: templateKeys.detail(templateId),
    queryFn: async () => unwrap(await api.GET('/api/pptx-files/{file_id}', { params: { path: { file_id: templateId } } })),
  });
}

export function useTemplate(templateId: string) {
  return useQuery(templateQueryOptions(templateId));
}
