import { emptySlide, type EditorSlide } from '../model';
import { defineAction } from './types';

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/** Spec §5: a new slide needs a description; `index` is where it goes (0 = first). */
export const addSlide = defineAction<{ index: number; contentDescription: string; id?: string }>({
  name: 'addSlide',
  labelKey: 'addSlide',
  perform: (state, { index, contentDescription, id }) => {
    const description = contentDescription.trim();
    if (!description) return state;
    const slides = state.slides.slice();
    slides.splice(clamp(index, 0, slides.length), 0, emptySlide(description, id));
    return { ...state, slides };
  },
});

export const deleteSlide = defineAction<{ slideId: string }>({
  name: 'deleteSlide',
  labelKey: 'deleteSlide',
  perform: (state, { slideId }) => {
    const slides = state.slides.filter((slide) => slide.id !== slideId);
    // The server keeps at least one slide (numSlides >= 1).
    if (slides.length === state.slides.length || slides.length === 0) return state;
    return { ...state, slides };
  },
});

/** Moves a slide to `toIndex` of the resulting list (drag and drop, move up/down). */
export const moveSlide = defineAction<{ slideId: string; toIndex: number }>({
  name: 'moveSlide',
  labelKey: 'moveSlide',
  perform: (state, { slideId, toIndex }) => {
    const from = state.slides.findIndex((slide) => slide.id === slideId);
    if (from < 0) return state;
    const to = clamp(toIndex, 0, state.slides.length - 1);
    if (to === from) return state;
    const slides = state.slides.slice();
    const [moved] = slides.splice(from, 1);
    slides.splice(to, 0, moved as EditorSlide);
    return { ...state, slides };
  },
});

function indexOf(slides: readonly EditorSlide[], slideId: string) {
  return slides.findIndex((slide) => slide.id === slideId);
}

export const moveSlideUp = defineAction<{ slideId: string }>({
  name: 'moveSlideUp',
  labelKey: 'moveSlideUp',
  shortcut: { key: 'ArrowUp', alt: true, shift: true },
  perform: (state, { slideId }) => {
    const index = indexOf(state.slides, slideId);
    return index > 0 ? moveSlide.perform(state, { slideId, toIndex: index - 1 }) : state;
  },
});

export const moveSlideDown = defineAction<{ slideId: string }>({
  name: 'moveSlideDown',
  labelKey: 'moveSlideDown',
  shortcut: { key: 'ArrowDown', alt: true, shift: true },
  perform: (state, { slideId }) => {
    const index = indexOf(state.slides, slideId);
    return index >= 0 && index < state.slides.length - 1 ? moveSlide.perform(state, { slideId, toIndex: index + 1 }) : state;
  },
});

/** Replaces the whole deck (the outline flow: confirming a generated outline). */
export const replaceSlides = defineAction<{ slides: EditorSlide[] }>({
  name: 'replaceSlides',
  labelKey: 'replaceSlides',
  perform: (state, { slides }) => (slides.length === 0 ? state : { ...state, slides }),
});
