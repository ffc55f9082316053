import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { TemplateDetail } from '../types';
import { templateKeys } from './templateKeys';

export interface ElementLockChange {
  slideNumber: number;
  /** The element's index in its slide's `elements` (the server's lock key, spec §3). */
  elementIndex: number;
  isLocked: boolean;
}

/** The template with one element's lock set: what the cache shows before the server answers. */
export function withElementLocked(template: TemplateDetail, { slideNumber, elementIndex, isLocked }: ElementLockChange): TemplateDetail {
  return {
    ...template,
    parsedSlides: template.parsedSlides.map((slide) =>
      slide.slideNumber !== slideNumber
        ? slide
        : { ...slide, elements: slide.elements.map((element, index) => (index === elementIndex ? { ...element, isLocked } : element)) },
    ),
  };
}

/**
 * PUT /api/pptx-files/{id}/slides/{n}/element-locked, optimistically (spec §4): the switch flips
 * at once and flips back if the server refuses. The caller shows the error.
 */
export function useSetElementLocked(templateId: string) {
  const queryClient = useQueryClient();
  const key = templateKeys.detail(templateId);
  return useMutation({
    mutationFn: async ({ slideNumber, elementIndex, isLocked }: ElementLockChange) =>
      unwrap(
        await api.PUT('/api/pptx-files/{file_id}/slides/{slide_number}/element-locked', {
          params: { path: { file_id: templateId, slide_number: slideNumber } },
          body: { elementIndex, isLocked },
        }),
      ),
    onMutate: async (change) => {
      // A refetch landing now would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TemplateDetail>(key);
      if (previous) queryClient.setQueryData(key, withElementLocked(previous, change));
      return { wasLocked: !change.isLocked };
    },
    // Both callbacks touch only this element: other toggles may be in flight on the same slide.
    onError: (_error, change, context) => {
      queryClient.setQueryData<TemplateDetail>(key, (template) =>
        template && context ? withElementLocked(template, { ...change, isLocked: context.wasLocked }) : template,
      );
    },
    onSuccess: (slide, change) => {
      const confirmed = slide.elements[change.elementIndex]?.isLocked ?? change.isLocked;
      queryClient.setQueryData<TemplateDetail>(key, (template) => template && withElementLocked(template, { ...change, isLocked: confirmed }));
    },
  });
}
