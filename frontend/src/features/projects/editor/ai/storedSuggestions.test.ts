import { describe, expect, it } from 'vitest';
import type { EditorSlide } from '../model';
import { aSlide } from '../testData';
import { memoryStorage } from '../testServer';
import { keepSuggestions, storedSuggestionsKey } from './storedSuggestions';
import { AiSuggestions, countSuggestions, NOTES_ITEM } from './suggestions';

const TEMPLATE = '01JPPTX000000000000000001';
const KEY = storedSuggestionsKey('user-1', 'project-1');

function values(pptxSlideNumber = 1) {
  return { pptxSlideNumber, formData: { Title: 'Q3 results' }, notes: 'Open with the headline', skipped: [], provider: 'offline', chosen: ['Title', NOTES_ITEM] };
}

/** A page visit: a fresh store following the same browser storage. */
function visit(storage: Storage, slides: EditorSlide[], templateId: string | null = TEMPLATE, key = KEY) {
  const store = new AiSuggestions();
  let current = slides;
  const stop = keepSuggestions(store, { storage, key, slides: () => current, templateId: () => templateId });
  return { store, stop, setSlides: (next: EditorSlide[]) => (current = next) };
}

function fill(store: AiSuggestions) {
  store.put('a', { description: { description: 'About revenue', reason: 'Gap', provider: 'offline' } });
  store.put('a', { templateSlide: { slideNumber: 2, reason: 'Has a chart', provider: 'offline' } });
  store.put('b', { values: values() });
  store.put('b', { elements: { Subtitle: { value: 'Shorter', reason: 'Shorter', provider: 'offline', pptxSlideNumber: 1, elementType: 'text' } } });
}

const deck = () => [aSlide('a'), aSlide('b', { pptxSlideNumber: 1, formData: { Subtitle: 'A long subtitle' } })];

describe('pending suggestions kept in the browser', () => {
  it('come back after a reload, ticks included, until accepted or discarded', () => {
    const storage = memoryStorage();
    const first = visit(storage, deck());
    fill(first.store);
    first.store.setChosen('b', ['Title']);
    first.stop();

    const second = visit(storage, deck());
    expect(countSuggestions(second.store.getState())).toBe(4);
    expect(second.store.of('a')?.description?.description).toBe('About revenue');
    expect(second.store.of('b')?.values?.chosen).toEqual(['Title']);
    expect(second.store.of('b')?.elements?.Subtitle?.value).toBe('Shorter');

    // Accepted or discarded: forgotten here and in the browser.
    second.store.remove('a', 'description');
    second.store.remove('a', 'templateSlide');
    second.store.remove('b', 'values');
    second.stop();
    const third = visit(storage, deck());
    expect(countSuggestions(third.store.getState())).toBe(1);
    third.store.remove('b', 'element:Subtitle');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('are kept per user and per project', () => {
    const storage = memoryStorage();
    const mine = visit(storage, deck());
    fill(mine.store);
    expect(countSuggestions(visit(storage, deck(), TEMPLATE, storedSuggestionsKey('user-2', 'project-1')).store.getState())).toBe(0);
    expect(countSuggestions(visit(storage, deck(), TEMPLATE, storedSuggestionsKey('user-1', 'project-2')).store.getState())).toBe(0);
    expect(countSuggestions(visit(storage, deck()).store.getState())).toBe(4);
  });

  it('are dropped with their slide when it was deleted', () => {
    const storage = memoryStorage();
    fill(visit(storage, deck()).store);
    const after = visit(storage, [aSlide('b', { pptxSlideNumber: 1, formData: { Subtitle: 'A long subtitle' } })]);
    expect(after.store.of('a')).toBeUndefined();
    expect(countSuggestions(after.store.getState())).toBe(2);
  });

  it('keep only descriptions when the project changed its PPTX template', () => {
    const storage = memoryStorage();
    fill(visit(storage, deck()).store);
    const after = visit(storage, deck(), '01JPPTX000000000000000002');
    expect(after.store.of('a')?.description).toBeDefined();
    expect(after.store.of('a')?.templateSlide).toBeUndefined();
    expect(after.store.of('b')).toBeUndefined();
  });

  it('drop values and element values made for a template slide the slide no longer uses', () => {
    const storage = memoryStorage();
    fill(visit(storage, deck()).store);
    const after = visit(storage, [aSlide('a'), aSlide('b', { pptxSlideNumber: 2, formData: { Subtitle: 'A long subtitle' } })]);
    expect(after.store.of('b')).toBeUndefined();
    expect(countSuggestions(after.store.getState())).toBe(2);
  });

  it('drop values when the description they were written from changed, and an element value when the element changed', () => {
    const storage = memoryStorage();
    const first = visit(storage, deck());
    fill(first.store);
    // Edits made after the suggestions arrived, before the reload.
    first.setSlides([aSlide('a'), aSlide('b', { pptxSlideNumber: 1, contentDescription: 'Now about costs', formData: { Subtitle: 'A long subtitle' } })]);
    first.store.setChosen('b', ['Title']);
    const described = visit(storage, [aSlide('a'), aSlide('b', { pptxSlideNumber: 1, contentDescription: 'Now about costs', formData: { Subtitle: 'A long subtitle' } })]);
    expect(described.store.of('b')?.values).toBeUndefined();
    expect(described.store.of('b')?.elements?.Subtitle).toBeDefined();

    const storage2 = memoryStorage();
    fill(visit(storage2, deck()).store);
    const retyped = visit(storage2, [aSlide('a'), aSlide('b', { pptxSlideNumber: 1, formData: { Subtitle: 'Typed by hand' } })]);
    expect(retyped.store.of('b')?.elements).toBeUndefined();
    expect(retyped.store.of('b')?.values).toBeDefined();
  });

  it('take a new basis when regenerated', () => {
    const storage = memoryStorage();
    const first = visit(storage, deck());
    fill(first.store);
    const edited = [aSlide('a'), aSlide('b', { pptxSlideNumber: 1, contentDescription: 'Now about costs', formData: { Subtitle: 'A long subtitle' } })];
    first.setSlides(edited);
    // Regenerate after the edit: the new values are made from the new description.
    first.store.put('b', { values: { ...values(), formData: { Title: 'Costs' } } });
    expect(visit(storage, edited).store.of('b')?.values?.formData).toEqual({ Title: 'Costs' });
  });

  it('ignore what another version or a broken entry left', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, '{not json');
    expect(countSuggestions(visit(storage, deck()).store.getState())).toBe(0);
    storage.setItem(KEY, JSON.stringify({ format: 99, bySlide: { a: {} }, basis: {} }));
    expect(countSuggestions(visit(storage, deck()).store.getState())).toBe(0);
  });
});
