import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { setDescription } from './actions/content';
import { setElementValue } from './actions/elements';
import { addSlide, moveSlide } from './actions/slides';
import type { EditorSlide } from './model';
import { EditorSession, type SessionDeps } from './session';
import { aProject, aSlide } from './testData';
import { fakeServer, memoryStorage } from './testServer';

function setup(slides = [aSlide('a'), aSlide('b')], extra: Partial<SessionDeps> = {}) {
  const server = fakeServer(aProject(slides));
  let clock = 0;
  const storage = memoryStorage();
  const session = new EditorSession(server.current, { save: server.save, load: server.load, storage, now: () => clock, ...extra });
  session.attach();
  const onConflict = vi.fn();
  session.setCallbacks({ onConflict });
  return { server, session, storage, onConflict, tick: (ms: number) => (clock += ms) };
}

const descriptions = (slides: EditorSlide[]) => slides.map((slide) => slide.contentDescription);

describe('EditorSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('autosaves after the debounce with the loaded version, then is clean', async () => {
    const { server, session } = setup();
    session.run(setDescription, { slideId: 'a', value: 'Intro' });
    expect(session.getState().dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(700);
    expect(server.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(server.puts[0]).toMatchObject({ version: 1 });
    expect(session.getState()).toMatchObject({ dirty: false, saving: false, error: null });
    expect(session.getState().project.version).toBe(2);
  });

  it('saves someone typing without a pause at least every few seconds', async () => {
    const { server, session, tick } = setup();
    for (let i = 1; i <= 30; i += 1) {
      session.run(setDescription, { slideId: 'a', value: 'x'.repeat(i) });
      tick(300);
      await vi.advanceTimersByTimeAsync(300);
    }
    // 9 s of typing, never 800 ms apart: saved along the way, not only at the end.
    expect(server.save.mock.calls.length).toBeGreaterThanOrEqual(1);
    await vi.runAllTimersAsync();
    expect(session.getState().dirty).toBe(false);
  });

  it('makes a burst of typing one undo step; undo and redo walk the history', async () => {
    const { session, tick } = setup();
    for (const value of ['I', 'In', 'Int', 'Intro']) {
      session.run(setDescription, { slideId: 'a', value });
      tick(100);
    }
    tick(2000);
    session.run(setElementValue, { slideId: 'a', name: 'Title', value: 'Hello' });
    expect(session.getState().past).toHaveLength(2);
    session.undo();
    expect(session.getState().doc[0]?.formData).toEqual({});
    session.undo();
    expect(session.getState().doc[0]?.contentDescription).toBe('Slide a');
    expect(session.undo()).toBe(false);
    session.redo();
    expect(session.getState().doc[0]?.contentDescription).toBe('Intro');
    await vi.runAllTimersAsync();
  });

  it('keeps edits typed while a save is in flight and saves them next', async () => {
    const { server, session } = setup();
    let release!: () => void;
    const original = server.save.getMockImplementation()!;
    server.save.mockImplementationOnce(async (body) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(body);
    });
    session.run(setDescription, { slideId: 'a', value: 'first' });
    await vi.advanceTimersByTimeAsync(800);
    session.run(setDescription, { slideId: 'b', value: 'typed meanwhile' });
    release();
    await vi.runAllTimersAsync();
    expect(descriptions(session.getState().doc)).toEqual(['first', 'typed meanwhile']);
    expect(descriptions(server.current.slides as EditorSlide[])).toEqual(['first', 'typed meanwhile']);
    expect(session.getState().dirty).toBe(false);
  });

  it('on version_conflict loads the latest, reapplies local edits on top, tells the user and saves', async () => {
    const { server, session, onConflict } = setup();
    session.run(setDescription, { slideId: 'b', value: 'mine' });
    server.change([aSlide('a', { contentDescription: 'other tab' }), aSlide('b'), aSlide('c')]);
    await vi.runAllTimersAsync();
    expect(onConflict).toHaveBeenCalledTimes(1);
    expect(server.puts.map((put) => put.version)).toEqual([1, 2]);
    expect(descriptions(server.current.slides as EditorSlide[])).toEqual(['other tab', 'mine', 'Slide c']);
    expect(session.getState()).toMatchObject({ dirty: false, error: null });
  });

  it('rebases the undo history too, so undo after a conflict does not revert the other tab', async () => {
    const { server, session } = setup();
    session.run(setDescription, { slideId: 'b', value: 'mine' });
    server.change([aSlide('a', { contentDescription: 'other tab' }), aSlide('b')]);
    await vi.runAllTimersAsync();
    session.undo();
    expect(descriptions(session.getState().doc)).toEqual(['other tab', 'Slide b']);
    await vi.runAllTimersAsync();
  });

  it('keeps the edits after a network failure and retries with backoff', async () => {
    const { server, session } = setup();
    server.failWith(new TypeError('Failed to fetch'));
    session.run(moveSlide, { slideId: 'b', toIndex: 0 });
    await vi.advanceTimersByTimeAsync(800);
    expect(session.getState()).toMatchObject({ dirty: true, saving: false });
    expect(session.getState().error).toBeInstanceOf(TypeError);
    expect(session.getState().doc.map((slide) => slide.id)).toEqual(['b', 'a']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(session.getState()).toMatchObject({ dirty: false, error: null });
    expect((server.current.slides as EditorSlide[]).map((slide) => slide.id)).toEqual(['b', 'a']);
  });

  it('does not retry a validation error by itself; the next edit tries again', async () => {
    const { server, session } = setup();
    server.failWith(new ApiError(422, 'invalid_element_value', 'bad'));
    session.run(setDescription, { slideId: 'a', value: 'x' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(session.getState().dirty).toBe(true);
    session.run(setDescription, { slideId: 'a', value: 'xy' });
    await vi.runAllTimersAsync();
    expect(session.getState()).toMatchObject({ dirty: false, error: null });
  });

  it('keeps a local draft while unsaved and recovers it in a new session (reload)', async () => {
    const { server, session, storage } = setup();
    server.failWith(new TypeError('offline'), new TypeError('offline'));
    session.run(addSlide, { index: 2, contentDescription: 'Typed before the reload', id: 'n' });
    await vi.advanceTimersByTimeAsync(800);
    session.detach();
    expect(storage.getItem(`slidewright:draft:${server.current._id}`)).toContain('Typed before the reload');

    const reloaded = new EditorSession(server.current, { save: server.save, load: server.load, storage });
    expect(reloaded.getState()).toMatchObject({ dirty: true, recoveredDraft: true });
    reloaded.attach();
    await vi.runAllTimersAsync();
    expect(descriptions(server.current.slides as EditorSlide[])).toContain('Typed before the reload');
    expect(storage.getItem(`slidewright:draft:${server.current._id}`)).toBeNull();
  });

  it('sends a settings change together with pending slide edits, resizing the deck', async () => {
    const { server, session } = setup();
    session.run(setDescription, { slideId: 'a', value: 'pending' });
    const saved = await session.update({ numSlides: 4, title: 'Renamed' });
    expect(saved.title).toBe('Renamed');
    expect(server.puts).toHaveLength(1);
    expect(server.puts[0]?.slides).toHaveLength(4);
    expect(descriptions(session.getState().doc).slice(0, 2)).toEqual(['pending', 'Slide b']);
    expect(session.getState()).toMatchObject({ dirty: false, past: [] });
  });
});

describe('server-side changes (reviewed outline edits)', () => {
  it('saves pending edits first, adopts the result and undoes it as one step', async () => {
    const { server, session } = setup();
    session.run(setDescription, { slideId: 'a', value: 'mine' });
    const result = await session.applyServerChange(async (version) => {
      // The server applies the edits on top of what was just saved.
      expect(version).toBe(server.current.version);
      expect(server.current.slides[0]?.contentDescription).toBe('mine');
      server.change([...(server.current.slides as EditorSlide[]), aSlide('new')]);
      return server.current;
    });
    expect(result.slides.map((slide) => slide.id)).toEqual(['a', 'b', 'new']);
    expect(session.getState().doc.map((slide) => slide.id)).toEqual(['a', 'b', 'new']);
    expect(session.getState().dirty).toBe(false);

    expect(session.undo()).toBe(true);
    expect(session.getState().doc.map((slide) => slide.id)).toEqual(['a', 'b']);
    expect(session.getState().dirty).toBe(true);
  });

  it('changes nothing when the server refuses', async () => {
    const { session } = setup();
    const before = session.getState().doc;
    await expect(session.applyServerChange(async () => Promise.reject(new ApiError(422, 'invalid_outline_edit', 'no')))).rejects.toMatchObject({
      errorCode: 'invalid_outline_edit',
    });
    expect(session.getState().doc).toBe(before);
    expect(session.getState().past).toEqual([]);
  });
});
