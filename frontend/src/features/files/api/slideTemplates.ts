import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { SlideTemplateCreate } from '../types';
import { fileKeys } from './fileKeys';

/** POST /api/templates: names one slide of a file as a Template. */
export function useCreateSlideTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (template: SlideTemplateCreate) => unwrap(await api.POST('/api/templates', { body: template })),
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: fileKeys.detail(created.sourceFileId) }),
  });
}

/** DELETE /api/templates/{id}: the Template only; its file and slide stay. */
export function useDeleteSlideTemplate(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string) => {
      await api.DELETE('/api/templates/{template_id}', { params: { path: { template_id: templateId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.detail(fileId) }),
  });
}
