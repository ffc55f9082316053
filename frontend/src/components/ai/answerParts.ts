import type { TFunction } from 'i18next';

/** In `fallbackFields`: the whole answer is the offline assistant's. */
export const WHOLE_ANSWER = '*';

// The answer fields the server names (camelCase, as in the API), by their words on screen.
const FIELD_KEYS = {
  title: 'ai.parts.title',
  pptxFileId: 'ai.parts.template',
  numSlides: 'ai.parts.slideCount',
  unmetSlideCount: 'ai.parts.slideCount',
  matchReason: 'ai.parts.reason',
  reason: 'ai.parts.reason',
  reasonForRecommendation: 'ai.parts.reason',
  slides: 'ai.parts.slides',
  edits: 'ai.parts.edits',
  notUnderstood: 'ai.parts.notUnderstood',
  descriptions: 'ai.parts.description',
  description: 'ai.parts.description',
  slideNumber: 'ai.parts.templateSlide',
  value: 'ai.parts.value',
  values: 'ai.parts.values',
  notes: 'ai.parts.notes',
} as const;

type Field = keyof typeof FIELD_KEYS;
const isField = (name: string): name is Field => Object.hasOwn(FIELD_KEYS, name);

/**
 * The parts of an answer the offline assistant completed, as the user knows them: an element's
 * own name for `values/<name>`, "slide 3" for a template's `slides/3` (slide numbers) or a
 * deck's `descriptions/2` (0-based positions), "the template slide of slide 2" for an outline's
 * `slides/1/pptxSlideNumber`, the field's words otherwise ("speaker notes").
 * An unknown path is shown as it is rather than dropped.
 */
export function partsFromOffline(fields: readonly string[], t: TFunction<'common'>): string[] {
  const parts = fields.filter((field) => field !== WHOLE_ANSWER).map((field) => partName(field, t));
  return [...new Set(parts)];
}

function partName(field: string, t: TFunction<'common'>): string {
  const slash = field.indexOf('/');
  const head = slash < 0 ? field : field.slice(0, slash);
  const item = slash < 0 ? '' : field.slice(slash + 1);
  if (head === 'values' && item && item !== WHOLE_ANSWER) return item;
  // An outline slide's template slide (0-based position): "slides/1/pptxSlideNumber".
  const chosen = /^slides\/(\d+)\/pptxSlideNumber$/.exec(field);
  if (chosen) return t('ai.parts.templateSlideOf', { number: Number(chosen[1]) + 1 });
  if (/^\d+$/.test(item) && head === 'slides') return t('ai.parts.slide', { number: Number(item) });
  if (/^\d+$/.test(item) && head === 'descriptions') return t('ai.parts.slide', { number: Number(item) + 1 });
  return isField(head) ? t(FIELD_KEYS[head]) : field;
}
