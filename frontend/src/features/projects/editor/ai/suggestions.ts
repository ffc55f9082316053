import type { AiAnswerOrigin } from '@/components/ai/aiCall';
import type { SkippedElement, ValueSource } from '../../api/ai';

/**
 * AI suggestions waiting for the user's decision, per slide (by slide id, so they follow the
 * slide through moves). Nothing here touches the deck: accepting one runs an editor action
 * through the session (undoable, autosaved); discarding just forgets it. Plain TypeScript with
 * a `useSyncExternalStore` protocol, like the session, so it is tested without React.
 */

// Each suggestion says who made it (`provider`), which parts the offline assistant completed in
// the model's place and which of the model's facts were left out (AiAnswerOrigin).

export interface DescriptionSuggestion extends AiAnswerOrigin {
  description: string;
  reason: string;
}

export interface TemplateSlideChoice extends AiAnswerOrigin {
  slideNumber: number;
  reason: string;
}

/** The key of the speaker notes among a values suggestion's `chosen` items. */
export const NOTES_ITEM = '\u0000notes';

export interface SlideValuesSuggestion extends AiAnswerOrigin {
  /** The template slide the values were made for; stale once the slide uses another one. */
  pptxSlideNumber: number;
  formData: Record<string, unknown>;
  notes: string;
  skipped: SkippedElement[];
  /** Where each element's value came from, by element name (when the provider says). */
  provenance?: Readonly<Record<string, readonly ValueSource[]>>;
  /** Elements whose value lists the deck (an agenda): written for the slide order of now. */
  deckElements?: readonly string[];
  /**
   * The ticked items (element names, and NOTES_ITEM): at first those that fill something
   * empty, so accepting never overwrites the user's own words unless they tick it.
   */
  chosen: readonly string[];
}

export interface ElementValueSuggestion extends AiAnswerOrigin {
  value: unknown;
  reason: string;
  /** What the value was made for: it applies only while the slide still uses that layout. */
  pptxSlideNumber: number;
  elementType: string;
  /** Where each item of the value came from (when the provider says). */
  provenance?: readonly ValueSource[];
}

export interface SlideSuggestions {
  description?: DescriptionSuggestion;
  templateSlide?: TemplateSlideChoice;
  values?: SlideValuesSuggestion;
  elements?: Record<string, ElementValueSuggestion>;
}

/** What is being asked for: one of a slide's suggestions, or one element's value. */
export type SuggestionKind = 'description' | 'templateSlide' | 'values' | `element:${string}`;

export interface SuggestionsState {
  bySlide: Readonly<Record<string, SlideSuggestions>>;
  /** `${slideId}|${kind}` of requests in flight. */
  busy: ReadonlySet<string>;
}

const busyKey = (slideId: string, kind: SuggestionKind) => `${slideId}|${kind}`;

function isEmpty(suggestions: SlideSuggestions): boolean {
  return !suggestions.description && !suggestions.templateSlide && !suggestions.values && Object.keys(suggestions.elements ?? {}).length === 0;
}

/** How many decisions are waiting: each description, template slide, values set and element value counts once. */
export function countSuggestions(state: SuggestionsState): number {
  let count = 0;
  for (const suggestions of Object.values(state.bySlide)) {
    count += Number(Boolean(suggestions.description)) + Number(Boolean(suggestions.templateSlide)) + Number(Boolean(suggestions.values));
    count += Object.keys(suggestions.elements ?? {}).length;
  }
  return count;
}

export class AiSuggestions {
  private state: SuggestionsState = { bySlide: {}, busy: new Set() };
  private readonly listeners = new Set<() => void>();

  getState = (): SuggestionsState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: SuggestionsState) {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }

  of(slideId: string): SlideSuggestions | undefined {
    return this.state.bySlide[slideId];
  }

  isBusy(slideId: string, kind: SuggestionKind): boolean {
    return this.state.busy.has(busyKey(slideId, kind));
  }

  /** The slide's requests in flight, as one string (a stable snapshot for one slide's hooks). */
  busyOf(slideId: string): string {
    const prefix = `${slideId}|`;
    return [...this.state.busy]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length))
      .sort()
      .join('\n');
  }

  /** Ticks or unticks items of a slide's values suggestion. */
  setChosen(slideId: string, chosen: readonly string[]) {
    const values = this.state.bySlide[slideId]?.values;
    if (values) this.put(slideId, { values: { ...values, chosen } });
  }

  /**
   * Runs a request for one suggestion, marking it busy meanwhile; a request already in flight
   * for the same slide and kind is not started twice. Resolves to false when it was skipped.
   */
  async track(slideId: string, kind: SuggestionKind, request: () => Promise<SlideSuggestions>): Promise<boolean> {
    const key = busyKey(slideId, kind);
    if (this.state.busy.has(key)) return false;
    this.setState({ ...this.state, busy: new Set([...this.state.busy, key]) });
    try {
      this.put(slideId, await request());
      return true;
    } finally {
      const busy = new Set(this.state.busy);
      busy.delete(key);
      this.setState({ ...this.state, busy });
    }
  }

  /** Adds suggestions to a slide's, replacing those of the same kind. */
  put(slideId: string, patch: SlideSuggestions) {
    const current = this.state.bySlide[slideId] ?? {};
    const next: SlideSuggestions = { ...current, ...patch };
    if (patch.elements) next.elements = { ...current.elements, ...patch.elements };
    if (isEmpty(next) && !(slideId in this.state.bySlide)) return;
    this.setState({ ...this.state, bySlide: { ...this.state.bySlide, [slideId]: next } });
  }

  /** Forgets one suggestion (accepted or discarded). */
  remove(slideId: string, kind: SuggestionKind) {
    const current = this.state.bySlide[slideId];
    if (!current) return;
    const next: SlideSuggestions = { ...current };
    if (kind.startsWith('element:')) {
      const { [kind.slice('element:'.length)]: _gone, ...rest } = current.elements ?? {};
      next.elements = rest;
    } else {
      delete next[kind as 'description' | 'templateSlide' | 'values'];
    }
    const bySlide = { ...this.state.bySlide };
    if (isEmpty(next)) delete bySlide[slideId];
    else bySlide[slideId] = next;
    this.setState({ ...this.state, bySlide });
  }

  /** Forgets every suggestion. */
  clear() {
    if (Object.keys(this.state.bySlide).length > 0) this.setState({ ...this.state, bySlide: {} });
  }

  /**
   * Keeps what can still apply after the deck changed: suggestions of slides that still exist,
   * and element suggestions made for the template slide each slide uses now (the others could
   * not be shown or accepted). Values for another layout stay, marked stale, to regenerate.
   */
  prune(slides: readonly { id: string; pptxSlideNumber: number | null }[]) {
    const current = new Map(slides.map((slide) => [slide.id, slide.pptxSlideNumber]));
    let changed = false;
    const bySlide: Record<string, SlideSuggestions> = {};
    for (const [id, suggestions] of Object.entries(this.state.bySlide)) {
      if (!current.has(id)) {
        changed = true;
        continue;
      }
      const elements = Object.fromEntries(Object.entries(suggestions.elements ?? {}).filter(([, item]) => item.pptxSlideNumber === current.get(id)));
      const next = Object.keys(elements).length === Object.keys(suggestions.elements ?? {}).length ? suggestions : { ...suggestions, elements };
      changed ||= next !== suggestions;
      if (!isEmpty(next)) bySlide[id] = next;
      else changed = true;
    }
    if (changed) this.setState({ ...this.state, bySlide });
  }
}
