import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { acceptSuggestions, keepForOrder } from './actions/ai';
import { deleteSlide, moveSlide } from './actions/slides';
import { regenerateForOrder } from './ai/orderRefresh';
import type { EditorSlide } from './model';
import { basisAfterAccept, orderFingerprint, staleForOrder } from './order';
import { EditorSession } from './session';
import { aProject, aSlide } from './testData';
import { fakeServer } from './testServer';

/** A deck whose slide 2 got an AI agenda and notes for this very order. */
function deckWithAgenda(): EditorSlide[] {
  const slides = [aSlide('title', { pptxSlideNumber: 1 }), aSlide('agenda', { pptxSlideNumber: 2 }), aSlide('revenue', { pptxSlideNumber: 4 }), aSlide('hiring', { pptxSlideNumber: 4 })];
  const accepted = acceptSuggestions.perform(
    { slides },
    { items: [{ slideId: 'agenda', values: { pptxSlideNumber: 2, formData: { Title: 'Agenda', 'Agenda Items': 'Revenue\nHiring' }, notes: 'Two parts today', deckElements: ['Agenda Items'] } }] },
  );
  return accepted.slides;
}

describe('the slide order an agenda and notes were written for', () => {
  it('names an order by its slide ids, so any delete, move or insert changes it', () => {
    const slides = [aSlide('a'), aSlide('b'), aSlide('c')];
    expect(orderFingerprint(slides)).toBe(orderFingerprint([aSlide('a'), aSlide('b'), aSlide('c')]));
    expect(orderFingerprint(slides)).not.toBe(orderFingerprint([aSlide('b'), aSlide('a'), aSlide('c')]));
    expect(orderFingerprint(slides)).not.toBe(orderFingerprint([aSlide('a'), aSlide('c')]));
    expect(orderFingerprint(slides)).not.toBe(orderFingerprint([aSlide('a'), aSlide('b'), aSlide('c'), aSlide('d')]));
    expect(orderFingerprint(slides).length).toBeLessThanOrEqual(64);
  });

  it('is recorded when an AI agenda or notes are accepted, and not for other values', () => {
    const slides = deckWithAgenda();
    expect(slides[1]?.writtenForOrder).toEqual({ fingerprint: orderFingerprint(slides), elements: ['Agenda Items'], notes: true });
    const titleOnly = acceptSuggestions.perform({ slides }, { items: [{ slideId: 'revenue', values: { pptxSlideNumber: 4, formData: { Title: 'Revenue' }, deckElements: [] } }] });
    expect(titleOnly.slides[2]?.writtenForOrder).toBeNull();
    expect(staleForOrder(slides)).toEqual([]);
  });

  it('marks the agenda and notes stale after a slide is deleted or moved', () => {
    const deleted = deleteSlide.perform({ slides: deckWithAgenda() }, { slideId: 'hiring' }).slides;
    expect(staleForOrder(deleted)).toEqual([{ slideId: 'agenda', position: 2, elements: ['Agenda Items'], notes: true }]);
    const moved = moveSlide.perform({ slides: deckWithAgenda() }, { slideId: 'hiring', toIndex: 2 }).slides;
    expect(staleForOrder(moved).map((part) => part.slideId)).toEqual(['agenda']);
    // Moving it back restores the order they were written for.
    const back = moveSlide.perform({ slides: moved }, { slideId: 'hiring', toIndex: 3 }).slides;
    expect(staleForOrder(back)).toEqual([]);
  });

  it('leaves out parts the user emptied since', () => {
    const moved = moveSlide.perform({ slides: deckWithAgenda() }, { slideId: 'hiring', toIndex: 2 }).slides.map((slide) => (slide.id === 'agenda' ? { ...slide, notes: '  ' } : slide));
    expect(staleForOrder(moved)).toEqual([{ slideId: 'agenda', position: 2, elements: ['Agenda Items'], notes: false }]);
    const cleared = moved.map((slide) => (slide.id === 'agenda' ? { ...slide, formData: { Title: 'Agenda' } } : slide));
    expect(staleForOrder(cleared)).toEqual([]);
  });

  it('is cleared by Dismiss until the order changes again (undoable like any edit)', () => {
    const moved = moveSlide.perform({ slides: deckWithAgenda() }, { slideId: 'hiring', toIndex: 2 }).slides;
    const kept = keepForOrder.perform({ slides: moved }, { slideIds: ['agenda'] }).slides;
    expect(staleForOrder(kept)).toEqual([]);
    expect(kept[1]?.writtenForOrder?.elements).toEqual(['Agenda Items']);
    expect(staleForOrder(deleteSlide.perform({ slides: kept }, { slideId: 'revenue' }).slides)).toHaveLength(1);
    // Nothing to keep: the very same state (no undo step, no save).
    const state = { slides: kept };
    expect(keepForOrder.perform(state, { slideIds: ['agenda'] })).toBe(state);
  });

  it('stays marked when only part of what was stale is replaced', () => {
    const previous = { fingerprint: 'old', elements: ['Agenda Items'], notes: true };
    expect(basisAfterAccept(previous, 'new', { deckElements: [], notes: true })).toEqual({ fingerprint: 'old', elements: ['Agenda Items'], notes: true });
    expect(basisAfterAccept(previous, 'new', { deckElements: ['Agenda Items'], notes: true })).toEqual({ fingerprint: 'new', elements: ['Agenda Items'], notes: true });
    expect(basisAfterAccept(null, 'new', { deckElements: [], notes: false })).toBeNull();
  });
});

describe('Regenerate', () => {
  function setup() {
    const moved = moveSlide.perform({ slides: deckWithAgenda() }, { slideId: 'hiring', toIndex: 2 }).slides;
    const server = fakeServer(aProject(moved));
    const session = new EditorSession(server.current, { save: server.save, load: server.load, storage: null });
    const api = {
      generateSlideData: vi.fn(async (_project: string, slideIndex: number) => ({
        slideIndex,
        pptxSlideNumber: 2,
        formData: { Title: 'A new title the user did not ask for', 'Agenda Items': 'Hiring\nRevenue' },
        notes: 'Hiring first, then revenue',
        skipped: [],
        provider: 'offline',
        deckElements: ['Agenda Items'],
      })),
    };
    return { server, session, api };
  }

  it('asks for the stale slide at its saved position and replaces only its agenda and notes', async () => {
    const { session, api } = setup();
    const stale = staleForOrder(session.getState().doc);
    const { items, error } = await regenerateForOrder(session, stale, api as never);
    expect(error).toBeNull();
    expect(api.generateSlideData).toHaveBeenCalledWith(session.getState().project._id, 1, '', {});
    session.run(acceptSuggestions, { items });
    const agenda = session.getState().doc[1]!;
    expect(agenda.formData).toEqual({ Title: 'Agenda', 'Agenda Items': 'Hiring\nRevenue' });
    expect(agenda.notes).toBe('Hiring first, then revenue');
    expect(staleForOrder(session.getState().doc)).toEqual([]);
    // One undo step brings back the old agenda, and with it the mark.
    session.undo();
    expect(staleForOrder(session.getState().doc)).toHaveLength(1);
  });

  it('reports a failure and keeps the mark', async () => {
    const { session, api } = setup();
    api.generateSlideData.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'slow down'));
    const { items, error } = await regenerateForOrder(session, staleForOrder(session.getState().doc), api as never);
    expect(items).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect(staleForOrder(session.getState().doc)).toHaveLength(1);
  });
});
