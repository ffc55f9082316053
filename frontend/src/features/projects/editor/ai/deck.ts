import type { TemplateElement } from '../../types';
import type { AcceptedSuggestion } from '../actions/ai';
import { editableElements, hasValue, isElementLocked, type EditorSlide } from '../model';
import type { SuggestionsState } from './suggestions';

/** Deck-wide AI helpers: which slides to fill, and every pending suggestion as accepted items. */

export type ElementsOf = (slideNumber: number | null) => TemplateElement[] | null;

/** Slides worth filling: a template slide with an unlocked element still empty. */
export function slidesToFill(slides: readonly EditorSlide[], elementsOf: ElementsOf): string[] {
  return slides
    .filter((slide) => {
      const elements = elementsOf(slide.pptxSlideNumber);
      return elements !== null && editableElements(elements).some((element) => !isElementLocked(element, slide) && !hasValue(element.type, slide.formData[element.name]));
    })
    .map((slide) => slide.id);
}

/**
 * Every pending suggestion as accepted items, slide by slide. Values skip elements that are
 * locked by now; element suggestions count as values for the slide's current template slide.
 */
export function acceptAllItems(state: SuggestionsState, slides: readonly EditorSlide[], elementsOf: ElementsOf): AcceptedSuggestion[] {
  const items: AcceptedSuggestion[] = [];
  for (const slide of slides) {
    const pending = state.bySlide[slide.id];
    if (!pending) continue;
    const item: AcceptedSuggestion = { slideId: slide.id };
    if (pending.description) item.description = { text: pending.description.description, reason: pending.description.reason };
    let slideNumber = slide.pptxSlideNumber;
    if (pending.templateSlide) {
      slideNumber = pending.templateSlide.slideNumber;
      item.templateSlide = { slideNumber, reason: pending.templateSlide.reason, elements: elementsOf(slideNumber) ?? [] };
    }
    const elements = new Map((elementsOf(slideNumber) ?? []).map((element) => [element.name, element]));
    const unlocked = (name: string) => {
      const element = elements.get(name);
      return element !== undefined && !isElementLocked(element, slide);
    };
    const formData: Record<string, unknown> = {};
    let notes: string | undefined;
    if (pending.values && pending.values.pptxSlideNumber === slideNumber) {
      for (const [name, value] of Object.entries(pending.values.formData)) if (unlocked(name)) formData[name] = value;
      if (pending.values.notes.trim()) notes = pending.values.notes;
    }
    for (const [name, suggestion] of Object.entries(pending.elements ?? {})) if (unlocked(name)) formData[name] = suggestion.value;
    if (slideNumber !== null && (Object.keys(formData).length > 0 || notes !== undefined)) {
      item.values = { pptxSlideNumber: slideNumber, formData, ...(notes !== undefined ? { notes } : {}) };
    }
    items.push(item);
  }
  return items;
}

