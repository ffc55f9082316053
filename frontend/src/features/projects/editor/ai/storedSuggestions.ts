import { deepEqual, type EditorSlide } from '../model';
import type { AiSuggestions, SlideSuggestions, SuggestionKind } from './suggestions';

/**
 * Pending AI suggestions kept in the browser beside the local draft (session.ts), per user and
 * project, so a reload does not throw away answers the user has not decided on yet. They are kept
 * until accepted or discarded (the store forgets them, so does this copy) or until they are stale.
 *
 * A stored suggestion is stale, and dropped when the page opens again, when:
 * - its slide is gone (deleted, or replaced by a new outline);
 * - the project uses another PPTX template than when it was made (template slide numbers, values
 *   and element suggestions all name that template's slides);
 * - values or an element value were made for a template slide the slide no longer uses;
 * - the input it was made from changed: the slide's content description for a values suggestion
 *   (values are written from it), the element's own value for an element suggestion (an
 *   instruction like "shorten" rewrites what was there).
 * A description or template slide suggestion applies as long as its slide exists.
 */

const PREFIX = 'slidewright:suggestions:';
const FORMAT = 1;

export function storedSuggestionsKey(userId: string, projectId: string): string {
  return `${PREFIX}${userId}:${projectId}`;
}

/** What a suggestion was made from, by `${slideId}|${kind}` (see the rules above). */
type Basis = Record<string, { description?: string; value?: unknown }>;

interface Stored {
  format: typeof FORMAT;
  templateId: string | null;
  bySlide: Record<string, SlideSuggestions>;
  basis: Basis;
}

export interface StoredSuggestionsDeps {
  storage: Storage | null;
  key: string;
  /** The slides as the user sees them now (the draft included). */
  slides: () => readonly EditorSlide[];
  /** The project's PPTX template now. */
  templateId: () => string | null;
}

const basisKey = (slideId: string, kind: SuggestionKind) => `${slideId}|${kind}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function read(storage: Storage | null, key: string): Stored | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.format !== FORMAT || !isRecord(parsed.bySlide) || !isRecord(parsed.basis)) return null;
    return parsed as unknown as Stored;
  } catch {
    return null;
  }
}

/** The parts of one slide's stored suggestions that still apply to the slide as it is now. */
export function freshSuggestions(
  stored: SlideSuggestions,
  slide: EditorSlide,
  basis: Basis,
  sameTemplate: boolean,
): SlideSuggestions {
  const fresh: SlideSuggestions = {};
  if (stored.description && typeof stored.description.description === 'string') fresh.description = stored.description;
  if (!sameTemplate) return fresh;
  if (stored.templateSlide && typeof stored.templateSlide.slideNumber === 'number') fresh.templateSlide = stored.templateSlide;
  const values = stored.values;
  const valuesBasis = basis[basisKey(slide.id, 'values')];
  if (
    values &&
    isRecord(values.formData) &&
    Array.isArray(values.chosen) &&
    values.pptxSlideNumber === slide.pptxSlideNumber &&
    valuesBasis?.description === slide.contentDescription
  ) {
    fresh.values = values;
  }
  const elements = Object.entries(stored.elements ?? {}).filter(([name, item]) => {
    const elementBasis = basis[basisKey(slide.id, `element:${name}`)];
    return item.pptxSlideNumber === slide.pptxSlideNumber && elementBasis !== undefined && deepEqual(elementBasis.value, slide.formData[name]);
  });
  if (elements.length > 0) fresh.elements = Object.fromEntries(elements);
  return fresh;
}

/**
 * Loads what is still fresh into `store`, then keeps the browser's copy in step with it.
 * Returns the function that stops following the store.
 */
export function keepSuggestions(store: AiSuggestions, deps: StoredSuggestionsDeps): () => void {
  const { storage, key } = deps;
  // The basis of each suggestion, with the object it was taken for: a regenerated suggestion
  // is a new object and gets a new basis; ticking items keeps its `formData` (and its basis).
  const bases = new Map<string, { of: unknown; basis: Basis[string] }>();

  const stored = read(storage, key);
  if (stored) {
    const sameTemplate = stored.templateId === deps.templateId();
    const slides = new Map(deps.slides().map((slide) => [slide.id, slide]));
    for (const [slideId, suggestions] of Object.entries(stored.bySlide)) {
      const slide = slides.get(slideId);
      if (!slide || !isRecord(suggestions)) continue;
      const fresh = freshSuggestions(suggestions, slide, stored.basis, sameTemplate);
      if (fresh.values) bases.set(basisKey(slideId, 'values'), { of: fresh.values.formData, basis: stored.basis[basisKey(slideId, 'values')]! });
      for (const [name, item] of Object.entries(fresh.elements ?? {})) {
        bases.set(basisKey(slideId, `element:${name}`), { of: item, basis: stored.basis[basisKey(slideId, `element:${name}`)]! });
      }
      if (fresh.description || fresh.templateSlide || fresh.values || fresh.elements) store.put(slideId, fresh);
    }
  }

  const write = () => {
    const { bySlide } = store.getState();
    if (Object.keys(bySlide).length === 0) {
      bases.clear();
      try {
        storage?.removeItem(key);
      } catch {
        // Blocked storage: nothing to clear.
      }
      return;
    }
    const slides = new Map(deps.slides().map((slide) => [slide.id, slide]));
    const basis: Basis = {};
    for (const [slideId, suggestions] of Object.entries(bySlide)) {
      const slide = slides.get(slideId);
      const note = (kind: SuggestionKind, of: unknown, take: () => Basis[string]) => {
        const id = basisKey(slideId, kind);
        const known = bases.get(id);
        const entry = known && known.of === of ? known : { of, basis: take() };
        bases.set(id, entry);
        basis[id] = entry.basis;
      };
      if (suggestions.values) note('values', suggestions.values.formData, () => ({ description: slide?.contentDescription ?? '' }));
      for (const [name, item] of Object.entries(suggestions.elements ?? {})) {
        note(`element:${name}`, item, () => ({ value: slide?.formData[name] }));
      }
    }
    const record: Stored = { format: FORMAT, templateId: deps.templateId(), bySlide: bySlide as Record<string, SlideSuggestions>, basis };
    try {
      storage?.setItem(key, JSON.stringify(record));
    } catch {
      // Storage full or blocked: the suggestions stay on the page until it is closed.
    }
  };

  let last = store.getState().bySlide;
  if (stored) write();
  return store.subscribe(() => {
    const { bySlide } = store.getState();
    if (bySlide === last) return;
    last = bySlide;
    write();
  });
}
