import { describe, expect, it } from 'vitest';
import { acceptSuggestions } from '../actions/ai';
import { aSlide, aTemplate } from '../testData';
import { acceptAllItems, slidesToFill } from './deck';
import { AiSuggestions, NOTES_ITEM } from './suggestions';

const template = aTemplate();
const elementsOf = (slideNumber: number | null) => (slideNumber === null ? null : (template.parsedSlides[slideNumber - 1]?.elements ?? null));
const table = { rows: [['Region', 'Sales'], ['Asia', 3]] };
const chart = { categories: ['Q1', 'Q2'], series: [{ name: 'Sales', values: [1, 2] }] };

describe('slidesToFill', () => {
  it('lists slides with a template slide and an unlocked element still empty', () => {
    const slides = [
      aSlide('done', { pptxSlideNumber: 1, formData: { Title: 'Hi' } }), // Subtitle is locked in the template
      aSlide('empty', { pptxSlideNumber: 2 }),
      aSlide('none'),
      aSlide('locked', { pptxSlideNumber: 1, lockedElementNames: ['Title'] }),
    ];
    expect(slidesToFill(slides, elementsOf)).toEqual(['empty']);
  });
});

describe('accepting every suggestion', () => {
  it('applies descriptions, template slides, values and notes in one undo step, skipping locked elements', () => {
    const slides = [aSlide('a', { pptxSlideNumber: 1 }), aSlide('b'), aSlide('c', { pptxSlideNumber: 1, lockedElementNames: ['Title'] })];
    const store = new AiSuggestions();
    store.put('a', {
      description: { description: 'Welcome everyone', reason: 'Opening', provider: 'offline' },
      values: { pptxSlideNumber: 1, formData: { Title: 'Hello' }, notes: 'Smile', skipped: [], provider: 'offline', chosen: ['Title', NOTES_ITEM] },
    });
    store.put('b', {
      templateSlide: { slideNumber: 2, reason: 'Numbers', provider: 'offline' },
      elements: {
        Table: { value: table, reason: 'Data', provider: 'offline', pptxSlideNumber: 2, elementType: 'table' },
        Chart: { value: chart, reason: 'Data', provider: 'offline', pptxSlideNumber: 2, elementType: 'chart' },
      },
    });
    store.put('c', { values: { pptxSlideNumber: 1, formData: { Title: 'Not allowed' }, notes: '', skipped: [], provider: 'offline', chosen: ['Title'] } });

    const { items, applied } = acceptAllItems(store.getState(), slides, elementsOf);
    expect(applied).toHaveLength(6);
    const after = acceptSuggestions.perform({ slides }, { items }).slides;

    expect(after[0]).toMatchObject({
      contentDescription: 'Welcome everyone',
      aiSuggestionReasonForContentDescription: 'Opening',
      formData: { Title: 'Hello' },
      notes: 'Smile',
    });
    expect(after[1]).toMatchObject({ pptxSlideNumber: 2, aiSuggestionReasonForPptxSlideNumber: 'Numbers', formData: { Table: table, Chart: chart } });
    // Title was locked on slide c after the suggestion was made.
    expect(after[2]).toBe(slides[2]);
  });

  it('takes only the ticked items of a values suggestion', () => {
    const slides = [aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'Mine' }, notes: 'My notes' })];
    const store = new AiSuggestions();
    store.put('a', { values: { pptxSlideNumber: 1, formData: { Title: 'Theirs' }, notes: 'Their notes', skipped: [], provider: 'offline', chosen: [] } });
    const { items } = acceptAllItems(store.getState(), slides, elementsOf);
    expect(acceptSuggestions.perform({ slides }, { items }).slides).toBe(slides);
  });

  it('ignores values made for another template slide than the one in use', () => {
    const slides = [aSlide('a', { pptxSlideNumber: 2 })];
    const state = acceptSuggestions.perform(
      { slides },
      { items: [{ slideId: 'a', values: { pptxSlideNumber: 1, formData: { Title: 'Stale' } } }] },
    );
    expect(state.slides).toBe(slides);
  });

  it('keeps values of elements that exist in the newly chosen template slide', () => {
    const slides = [aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'Kept' } })];
    const elements = [...(elementsOf(1) ?? [])];
    const state = acceptSuggestions.perform({ slides }, { items: [{ slideId: 'a', templateSlide: { slideNumber: 1, reason: 'Same', elements } }] });
    expect(state.slides[0]).toMatchObject({ pptxSlideNumber: 1, formData: { Title: 'Kept' }, aiSuggestionReasonForPptxSlideNumber: 'Same' });
  });
});

describe('AiSuggestions', () => {
  it('removes suggestions one by one and forgets slides that are gone', () => {
    const store = new AiSuggestions();
    const title = { value: 'v', reason: '', provider: 'offline', pptxSlideNumber: 1, elementType: 'text' };
    store.put('a', { description: { description: 'x', reason: '', provider: 'offline' }, elements: { Title: title } });
    store.put('b', { templateSlide: { slideNumber: 1, reason: '', provider: 'offline' } });
    store.remove('a', 'element:Title');
    expect(store.of('a')?.elements).toEqual({});
    store.remove('a', 'description');
    expect(store.of('a')).toBeUndefined();
    store.prune([{ id: 'c', pptxSlideNumber: null }]);
    expect(store.getState().bySlide).toEqual({});
  });

  it('drops element suggestions once the slide uses another layout', () => {
    const store = new AiSuggestions();
    const title = { value: 'v', reason: '', provider: 'offline', pptxSlideNumber: 1, elementType: 'text' };
    store.put('a', { elements: { Title: title }, description: { description: 'x', reason: '', provider: 'offline' } });
    store.prune([{ id: 'a', pptxSlideNumber: 1 }]);
    expect(store.of('a')?.elements).toEqual({ Title: title });
    store.prune([{ id: 'a', pptxSlideNumber: 2 }]);
    expect(store.of('a')?.elements).toEqual({});
    expect(store.of('a')?.description?.description).toBe('x');
  });
});
