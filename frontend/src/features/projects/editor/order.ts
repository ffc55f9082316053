import type { OrderBasis } from '../types';
import type { EditorSlide } from './model';

/**
 * Slide content written for the deck's order of the time (issue 12): an agenda lists the slides,
 * speaker notes lead from one slide to the next. When AI-written agenda values or notes are
 * accepted, the slide keeps `writtenForOrder` (saved with the deck, so a reload or another
 * device sees the same): the fingerprint of the slide order then, and which parts depend on it.
 * Once slides are deleted, moved or added, the fingerprint differs and those parts are marked
 * for refresh, until they are regenerated or the user keeps them (dismiss).
 */

/** A short, stable name for the order of the slides (their ids in order): cyrb53 and the count. */
export function orderFingerprint(slides: readonly Pick<EditorSlide, 'id'>[]): string {
  const text = slides.map((slide) => slide.id).join('\n');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(36)}-${slides.length}`;
}

function filled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

export interface StaleForOrder {
  slideId: string;
  /** 1-based, as users count slides. */
  position: number;
  /** Agenda elements written for another order that still hold a value. */
  elements: string[];
  /** The speaker notes were written for another order (and are not empty). */
  notes: boolean;
}

/** The slides whose agenda or notes were written for an order the deck no longer has. */
export function staleForOrder(slides: readonly EditorSlide[]): StaleForOrder[] {
  const current = orderFingerprint(slides);
  const stale: StaleForOrder[] = [];
  slides.forEach((slide, index) => {
    const basis = slide.writtenForOrder;
    if (!basis || basis.fingerprint === current) return;
    const elements = (basis.elements ?? []).filter((name) => filled(slide.formData[name]));
    const notes = Boolean(basis.notes) && slide.notes.trim() !== '';
    if (elements.length > 0 || notes) stale.push({ slideId: slide.id, position: index + 1, elements, notes });
  });
  return stale;
}

/**
 * The slide's `writtenForOrder` after AI values were accepted on it (`order`: the deck's
 * fingerprint now): the accepted agenda elements and notes are fresh for this order. Parts that
 * were stale and are not replaced now keep the old fingerprint, so they stay marked.
 */
export function basisAfterAccept(
  previous: OrderBasis | null,
  order: string,
  accepted: { deckElements: readonly string[]; notes: boolean },
): OrderBasis | null {
  if (accepted.deckElements.length === 0 && !accepted.notes) return previous;
  const previousElements = previous?.elements ?? [];
  const elements = [...new Set([...previousElements, ...accepted.deckElements])];
  const notes = accepted.notes || Boolean(previous?.notes);
  const previousStale = previous !== null && previous.fingerprint !== order;
  const leftStale =
    previousStale && (previousElements.some((name) => !accepted.deckElements.includes(name)) || (Boolean(previous.notes) && !accepted.notes));
  return { fingerprint: leftStale ? previous.fingerprint : order, elements, notes };
}

/** The slide's `writtenForOrder` when the user keeps its agenda and notes as they are. */
export function basisKept(previous: OrderBasis | null, order: string): OrderBasis | null {
  return previous && previous.fingerprint !== order ? { ...previous, fingerprint: order } : previous;
}
