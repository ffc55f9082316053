import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { TemplateDetail } from '../types';
import { templateKeys } from './templateKeys';

/** PUT /api/pptx-files/{id}/slides/{n}/description. */
export function useUpdateSlideDescription(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ slideNumber, description }: { slideNumber: number; description: string }) =>
      unwrap(
        await api.PUT('/api/pptx-files/{file_id}/slides/{slide_number}/description', {
          params: { path: { file_id: templateId, slide_number: slideNumber } },
          body: { description },
        }),
      ),
    onSuccess: (slide) => {
      queryClient.setQueryData<TemplateDetail>(templateKeys.detail(templateId), (template) =>
        template && {
          ...template,
          parsedSlides: template.parsedSlides.map((each) => (each.slideNumber === slide.slideNumber ? slide : each)),
        },
      );
      // The list's missing-description warnings follow the server's count.
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
