import { deepEqual } from '../model';
import { defineAction, updateSlide } from './types';

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value === '');
}

/** Sets one element's value; an empty string or `undefined` removes it (the server refuses a blank picture). */
export const setElementValue = defineAction<{ slideId: string; name: string; value: unknown }>({
  name: 'setElementValue',
  labelKey: 'setElementValue',
  coalesceKey: ({ slideId, name }) => `element:${slideId}:${name}`,
  perform: (state, { slideId, name, value }) =>
    updateSlide(state, slideId, (slide) => {
      const current = slide.formData[name];
      if (isEmpty(value)) {
        if (!(name in slide.formData)) return slide;
        const { [name]: _removed, ...rest } = slide.formData;
        return { ...slide, formData: rest };
      }
      if (deepEqual(current, value)) return slide;
      return { ...slide, formData: { ...slide.formData, [name]: value } };
    }),
});

/** Flips the slide-level override for one element, which inverts the template's own lock (spec §4). */
export const toggleElementLock = defineAction<{ slideId: string; name: string }>({
  name: 'toggleElementLock',
  labelKey: 'toggleElementLock',
  perform: (state, { slideId, name }) =>
    updateSlide(state, slideId, (slide) => ({
      ...slide,
      lockedElementNames: slide.lockedElementNames.includes(name)
        ? slide.lockedElementNames.filter((locked) => locked !== name)
        : [...slide.lockedElementNames, name],
    })),
});
