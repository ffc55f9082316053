import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { projectKeys } from './projectKeys';

/** GET /api/pptx-files: own templates plus published and built-in ones (the template select). */
export const templateListQueryOptions = queryOptions({
  queryKey: projectKeys.templates(),
  queryFn: async () => unwrap(await api.GET('/api/pptx-files')),
});

export function useTemplates() {
  return useQuery(templateListQueryOptions);
}

/** GET /api/pptx-files/{id}: the parsed slides with their elements, for the editor. */
export function templateQueryOptions(pptxFileId: string) {
  return queryOptions({
    queryKey: projectKeys.template(pptxFileId),
    queryFn: async () => unwrap(await api.GET('/api/pptx-files/{file_id}', { params: { path: { file_id: pptxFileId } } })),
    staleTime: 60_000,
  });
}

export function useTemplate(pptxFileId: string | null) {
  return useQuery({ ...templateQueryOptions(pptxFileId ?? ''), enabled: pptxFileId !== null });
}
