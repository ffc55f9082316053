import { FILLABLE_TYPES, isChartValue, isTableValue, type EditorSlide } from '../model';
import type { ElementType, TemplateElement } from '../../types';
import { defineAction, updateSlide } from './types';

export const setDescription = defineAction<{ slideId: string; value: string }>({
  name: 'setDescription',
  labelKey: 'setDescription',
  coalesceKey: ({ slideId }) => `description:${slideId}`,
  perform: (state, { slideId, value }) =>
    updateSlide(state, slideId, (slide) => (slide.contentDescription === value ? slide : { ...slide, contentDescription: value })),
});

export const setNotes = defineAction<{ slideId: string; value: string }>({
  name: 'setNotes',
  labelKey: 'setNotes',
  coalesceKey: ({ slideId }) => `notes:${slideId}`,
  perform: (state, { slideId, value }) => updateSlide(state, slideId, (slide) => (slide.notes === value ? slide : { ...slide, notes: value })),
});

/** Whether a value has the shape the server accepts for an element type (ARCHITECTURE §4). */
export function valueFits(type: ElementType, value: unknown): boolean {
  if (type === 'text' || type === 'picture') return typeof value === 'string';
  if (type === 'table') return isTableValue(value);
  if (type === 'chart') return isChartValue(value);
  return false;
}

/**
 * The slide on another template slide (or none). Values and locks carry over to elements of the
 * same name and a compatible type, so switching layouts keeps the title someone already wrote;
 * the rest would be refused by the server as unknown elements. The template picker draws these
 * (previews of each choice), so what it shows is what a pick makes.
 */
export function onTemplateSlide(slide: EditorSlide, slideNumber: number | null, elements: readonly TemplateElement[]): EditorSlide {
  if (slide.pptxSlideNumber === slideNumber) return slide;
  if (slideNumber === null) return { ...slide, pptxSlideNumber: null, formData: {}, lockedElementNames: [] };
  const types = new Map(elements.map((element) => [element.name, element.type]));
  const formData = Object.fromEntries(
    Object.entries(slide.formData).filter(([name, value]) => {
      const type = types.get(name);
      return type !== undefined && FILLABLE_TYPES.has(type) && valueFits(type, value);
    }),
  );
  const lockedElementNames = slide.lockedElementNames.filter((name) => types.has(name));
  return { ...slide, pptxSlideNumber: slideNumber, formData, lockedElementNames };
}

/** Assigns a template slide (or none), as `onTemplateSlide` makes it. Undo brings values back. */
export const setTemplateSlide = defineAction<{ slideId: string; slideNumber: number | null; elements: readonly TemplateElement[] }>({
  name: 'setTemplateSlide',
  labelKey: 'setTemplateSlide',
  perform: (state, { slideId, slideNumber, elements }) => updateSlide(state, slideId, (slide) => onTemplateSlide(slide, slideNumber, elements)),
});
