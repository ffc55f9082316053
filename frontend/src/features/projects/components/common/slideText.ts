import { isElementLocked } from '../../editor/model';
import type { TemplateElement } from '../../types';

/** The longest text alt text carries: a screen reader reads the slide's gist, not its essay. */
export const SLIDE_TEXT_MAX = 160;

interface SlideWithText {
  formData?: Record<string, unknown>;
  lockedElementNames?: string[];
}

/**
 * The words a rendered slide shows that the user wrote, for its alt text: the text values of its
 * unlocked text elements, in the template slide's element order (title first, as designed),
 * joined with " · " and cut at {@link SLIDE_TEXT_MAX} characters. Locked elements keep the
 * template's text in the export, so they are left out. '' when the slide has no text of its own.
 */
export function slideText(slide: SlideWithText, elements: readonly TemplateElement[] | null | undefined): string {
  const values = slide.formData ?? {};
  const locks = { lockedElementNames: slide.lockedElementNames ?? [] };
  const texts = (elements ?? [])
    .filter((element) => (element.type === 'text' || element.type === 'shape') && !element.hidden && !isElementLocked(element, locks))
    .map((element) => values[element.name])
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const joined = texts.join(' · ');
  return joined.length > SLIDE_TEXT_MAX ? `${joined.slice(0, SLIDE_TEXT_MAX - 1).trimEnd()}…` : joined;
}
