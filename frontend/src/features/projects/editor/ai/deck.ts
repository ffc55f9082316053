import type { TemplateElement } from '../../types';
import type { AcceptedSuggestion } from '../actions/ai';
import { valueFits } from '../actions/content';
import { editableElements, hasValue, isElementLocked, type EditorSlide } from '../model';
import { NOTES_ITEM, type SuggestionKind, type SuggestionsState } from './suggestions';

/** Deck-wide AI helpers: which slides to fill, and every pending suggestion as accepted items. */

export type ElementsOf = (slideNumber: number | null) => TemplateElement[] | null;

/**
 * Slides worth filling: a template slide with an unlocked element still empty, and no values
 * suggestion for that template slide already waiting (asking again would spend AI calls and the
 * per-minute allowance on answers the user already has).
 */
export function slidesToFill(slides: readonly EditorSlide[], elementsOf: ElementsOf, state?: SuggestionsState): string[] {
  return slides
    .filter((slide) => {
      const elements = elementsOf(slide.pptxSlideNumber);
      if (elements === null) return false;
      if (state?.bySlide[slide.id]?.values?.pptxSlideNumber === slide.pptxSlideNumber) return false;
      return editableElements(elements).some((element) => !isElementLocked(element, slide) && !hasValue(element.type, slide.formData[element.name]));
    })
    .map((slide) => slide.id);
}

export interface AcceptAll {
  items: AcceptedSuggestion[];
  /** The suggestions the items apply, to forget once applied. */
  applied: { slideId: string; kind: SuggestionKind }[];
}

/**
 * Every pending suggestion that can apply, as accepted items, slide by slide: values only for
 * their ticked items, for the template slide in use, and for elements not locked since; element
 * suggestions only for the layout and type they were made for. What cannot apply stays pending.
 */
export function acceptAllItems(state: SuggestionsState, slides: readonly EditorSlide[], elementsOf: ElementsOf): AcceptAll {
  const items: AcceptedSuggestion[] = [];
  const applied: AcceptAll['applied'] = [];
  for (const slide of slides) {
    const pending = state.bySlide[slide.id];
    if (!pending) continue;
    const item: AcceptedSuggestion = { slideId: slide.id };
    if (pending.description) {
      item.description = { text: pending.description.description, reason: pending.description.reason };
      applied.push({ slideId: slide.id, kind: 'description' });
    }
    let slideNumber = slide.pptxSlideNumber;
    if (pending.templateSlide) {
      slideNumber = pending.templateSlide.slideNumber;
      item.templateSlide = { slideNumber, reason: pending.templateSlide.reason, elements: elementsOf(slideNumber) ?? [] };
      applied.push({ slideId: slide.id, kind: 'templateSlide' });
    }
    const elements = new Map((elementsOf(slideNumber) ?? []).map((element) => [element.name, element]));
    const fits = (name: string, value: unknown) => {
      const element = elements.get(name);
      return element !== undefined && !isElementLocked(element, slide) && valueFits(element.type, value);
    };
    const formData: Record<string, unknown> = {};
    let notes: string | undefined;
    const values = pending.values;
    if (values && values.pptxSlideNumber === slideNumber) {
      for (const name of values.chosen) {
        if (name === NOTES_ITEM) notes = values.notes;
        else if (fits(name, values.formData[name])) formData[name] = values.formData[name];
      }
      applied.push({ slideId: slide.id, kind: 'values' });
    }
    for (const [name, suggestion] of Object.entries(pending.elements ?? {})) {
      if (suggestion.pptxSlideNumber !== slideNumber || !fits(name, suggestion.value)) continue;
      formData[name] = suggestion.value;
      applied.push({ slideId: slide.id, kind: `element:${name}` });
    }
    if (slideNumber !== null && (Object.keys(formData).length > 0 || notes !== undefined)) {
      item.values = { pptxSlideNumber: slideNumber, formData, ...(notes !== undefined ? { notes } : {}), deckElements: values?.pptxSlideNumber === slideNumber ? values.deckElements : undefined };
    }
    items.push(item);
  }
  return { items, applied };
}
