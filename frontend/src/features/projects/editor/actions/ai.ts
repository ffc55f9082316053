import type { TemplateElement } from '../../types';
import type { EditorState } from '../model';
import { basisAfterAccept, basisKept, orderFingerprint } from '../order';
import { setTemplateSlide } from './content';
import { setElementValue } from './elements';
import { defineAction, updateSlide } from './types';

/** An AI suggestion the user accepted, for one slide; the parts left out stay as they are. */
export interface AcceptedSuggestion {
  slideId: string;
  description?: { text: string; reason: string };
  /** `elements`: the chosen template slide's, so values of matching elements carry over. */
  templateSlide?: { slideNumber: number; reason: string; elements: readonly TemplateElement[] };
  /**
   * Applied only while the slide still uses `pptxSlideNumber` (values are made for one layout).
   * `deckElements`: those that list the deck (an agenda); with the notes, they are recorded as
   * written for the slide order of now (see order.ts).
   */
  values?: { pptxSlideNumber: number; formData: Record<string, unknown>; notes?: string; deckElements?: readonly string[] };
}

function acceptOne(state: EditorState, item: AcceptedSuggestion): EditorState {
  let next = state;
  const { slideId, description, templateSlide, values } = item;
  if (description) {
    next = updateSlide(next, slideId, (slide) =>
      slide.contentDescription === description.text && slide.aiSuggestionReasonForContentDescription === description.reason
        ? slide
        : { ...slide, contentDescription: description.text, aiSuggestionReasonForContentDescription: description.reason },
    );
  }
  if (templateSlide) {
    next = setTemplateSlide.perform(next, { slideId, slideNumber: templateSlide.slideNumber, elements: templateSlide.elements });
    next = updateSlide(next, slideId, (slide) =>
      slide.aiSuggestionReasonForPptxSlideNumber === templateSlide.reason ? slide : { ...slide, aiSuggestionReasonForPptxSlideNumber: templateSlide.reason },
    );
  }
  if (values && next.slides.find((slide) => slide.id === slideId)?.pptxSlideNumber === values.pptxSlideNumber) {
    for (const [name, value] of Object.entries(values.formData)) next = setElementValue.perform(next, { slideId, name, value });
    if (values.notes !== undefined) {
      const notes = values.notes;
      next = updateSlide(next, slideId, (slide) => (slide.notes === notes ? slide : { ...slide, notes }));
    }
    const accepted = { deckElements: (values.deckElements ?? []).filter((name) => name in values.formData), notes: values.notes !== undefined };
    const order = orderFingerprint(next.slides);
    next = updateSlide(next, slideId, (slide) => {
      const basis = basisAfterAccept(slide.writtenForOrder, order, accepted);
      return basis === slide.writtenForOrder ? slide : { ...slide, writtenForOrder: basis };
    });
  }
  return next;
}

/**
 * Applies accepted AI suggestions, for one slide or many (Accept all), as one undo step: the
 * description with its reason, the template slide with its reason, element values and notes.
 */
export const acceptSuggestions = defineAction<{ items: AcceptedSuggestion[] }>({
  name: 'acceptSuggestions',
  labelKey: 'acceptSuggestions',
  perform: (state, { items }) => items.reduce(acceptOne, state),
});

/**
 * Keeps the agenda and notes of these slides as they are for the current slide order (the user
 * dismissed "may be out of date"): they are no longer marked until the order changes again.
 */
export const keepForOrder = defineAction<{ slideIds: readonly string[] }>({
  name: 'keepForOrder',
  labelKey: 'keepForOrder',
  perform: (state, { slideIds }) => {
    const order = orderFingerprint(state.slides);
    return slideIds.reduce(
      (next, slideId) =>
        updateSlide(next, slideId, (slide) => {
          const basis = basisKept(slide.writtenForOrder, order);
          return basis === slide.writtenForOrder ? slide : { ...slide, writtenForOrder: basis };
        }),
      state,
    );
  },
});
