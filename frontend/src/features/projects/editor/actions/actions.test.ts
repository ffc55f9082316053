import { describe, expect, it } from 'vitest';
import { deckIssues, emptyValueFor, hasValue, isElementLocked, slideCompleteness, type EditorState } from '../model';
import { aSlide, anElement } from '../testData';
import { setDescription, setTemplateSlide } from './content';
import { setElementValue, toggleElementLock } from './elements';
import { editorActions, shortcutActions } from './registry';
import { addSlide, deleteSlide, moveSlide, moveSlideDown, moveSlideUp } from './slides';
import { matchesShortcut } from './types';

const deck = (...ids: string[]): EditorState => ({ slides: ids.map((id) => aSlide(id)) });
const ids = (state: EditorState) => state.slides.map((slide) => slide.id);

describe('slide actions', () => {
  it('adds a slide with its description at the index, and refuses a blank description', () => {
    const state = deck('a', 'b');
    const added = addSlide.perform(state, { index: 1, contentDescription: '  Market size ', id: 'n' });
    expect(ids(added)).toEqual(['a', 'n', 'b']);
    expect(added.slides[1]).toMatchObject({ contentDescription: 'Market size', pptxSlideNumber: null, formData: {} });
    expect(addSlide.perform(state, { index: 0, contentDescription: '   ' })).toBe(state);
    expect(ids(addSlide.perform(state, { index: 99, contentDescription: 'End', id: 'z' }))).toEqual(['a', 'b', 'z']);
  });

  it('deletes by id but never the last slide', () => {
    expect(ids(deleteSlide.perform(deck('a', 'b', 'c'), { slideId: 'b' }))).toEqual(['a', 'c']);
    const single = deck('a');
    expect(deleteSlide.perform(single, { slideId: 'a' })).toBe(single);
  });

  it('reorders: move to an index, up and down, with no-ops at the ends', () => {
    const state = deck('a', 'b', 'c', 'd');
    expect(ids(moveSlide.perform(state, { slideId: 'a', toIndex: 2 }))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(moveSlide.perform(state, { slideId: 'd', toIndex: 0 }))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(moveSlideUp.perform(state, { slideId: 'c' }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(moveSlideDown.perform(state, { slideId: 'a' }))).toEqual(['b', 'a', 'c', 'd']);
    expect(moveSlideUp.perform(state, { slideId: 'a' })).toBe(state);
    expect(moveSlideDown.perform(state, { slideId: 'd' })).toBe(state);
    expect(moveSlide.perform(state, { slideId: 'missing', toIndex: 0 })).toBe(state);
  });

  it('returns the same state when nothing changes, so no undo step is recorded', () => {
    const state = deck('a');
    expect(setDescription.perform(state, { slideId: 'a', value: 'Slide a' })).toBe(state);
    expect(setElementValue.perform(state, { slideId: 'a', name: 'Title', value: '' })).toBe(state);
  });
});

describe('element actions', () => {
  it('sets and clears values; an empty string removes the key', () => {
    const state = deck('a');
    const filled = setElementValue.perform(state, { slideId: 'a', name: 'Title', value: 'Hello' });
    expect(filled.slides[0]?.formData).toEqual({ Title: 'Hello' });
    expect(setElementValue.perform(filled, { slideId: 'a', name: 'Title', value: '' }).slides[0]?.formData).toEqual({});
  });

  it('a slide-level lock inverts the template lock', () => {
    const unlockedInTemplate = anElement('Body', 'text', { isLocked: false });
    const lockedInTemplate = anElement('Logo', 'picture', { isLocked: true });
    let state = deck('a');
    expect(isElementLocked(unlockedInTemplate, state.slides[0]!)).toBe(false);
    expect(isElementLocked(lockedInTemplate, state.slides[0]!)).toBe(true);
    state = toggleElementLock.perform(state, { slideId: 'a', name: 'Body' });
    state = toggleElementLock.perform(state, { slideId: 'a', name: 'Logo' });
    expect(state.slides[0]?.lockedElementNames).toEqual(['Body', 'Logo']);
    expect(isElementLocked(unlockedInTemplate, state.slides[0]!)).toBe(true);
    expect(isElementLocked(lockedInTemplate, state.slides[0]!)).toBe(false);
    state = toggleElementLock.perform(state, { slideId: 'a', name: 'Body' });
    expect(isElementLocked(unlockedInTemplate, state.slides[0]!)).toBe(false);
  });

  it('changing the template slide keeps values of same-named compatible elements only', () => {
    const slide = aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'Hi', Body: 'text', Chart: { categories: [], series: [] } }, lockedElementNames: ['Body'] });
    const next = setTemplateSlide.perform({ slides: [slide] }, {
      slideId: 'a',
      slideNumber: 7,
      elements: [anElement('Title', 'text'), anElement('Chart', 'chart'), anElement('Decoration', 'shape')],
    });
    expect(next.slides[0]).toMatchObject({ pptxSlideNumber: 7, formData: { Title: 'Hi', Chart: { categories: [], series: [] } }, lockedElementNames: [] });
    const cleared = setTemplateSlide.perform(next, { slideId: 'a', slideNumber: null, elements: [] });
    expect(cleared.slides[0]).toMatchObject({ pptxSlideNumber: null, formData: {}, lockedElementNames: [] });
  });
});

describe('completeness', () => {
  const elements = [
    anElement('Title', 'text'),
    anElement('Body', 'text'),
    anElement('Table', 'table'),
    anElement('Chart', 'chart'),
    anElement('Decoration', 'shape'),
    anElement('Logo', 'picture', { isLocked: true }),
  ];

  it('counts unlocked fillable elements that have a value', () => {
    const slide = aSlide('a', {
      pptxSlideNumber: 1,
      formData: { Title: 'Hi', Body: '   ', Table: { rows: [['', ''], ['', '']] }, Chart: { categories: ['Q1'], series: [{ name: 'Sales', values: [3] }] } },
    });
    expect(slideCompleteness(slide, elements)).toEqual({ filled: 2, total: 4 });
  });

  it('locking an element removes it from the count; unlocking a template-locked one adds it', () => {
    const slide = aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'Hi' }, lockedElementNames: ['Body', 'Logo'] });
    expect(slideCompleteness(slide, elements)).toEqual({ filled: 1, total: 4 });
  });

  it('tells filled values from empty ones by type', () => {
    expect(hasValue('text', ' ')).toBe(false);
    expect(hasValue('picture', '01JIMAGE00000000000000000A')).toBe(true);
    expect(hasValue('table', emptyValueFor(anElement('T', 'table', { table: { rows: 3, cols: 2 } })))).toBe(false);
    expect(hasValue('chart', { categories: [], series: [] })).toBe(false);
  });

  it('lists the deck issues for the banners, 1-based', () => {
    const slides = [
      aSlide('a', { contentDescription: '', pptxSlideNumber: 1, formData: { Title: 'x', Body: 'y', Table: { rows: [['1']] }, Chart: { categories: ['a'], series: [{ name: 's', values: [1] }] } } }),
      aSlide('b'),
      aSlide('c', { pptxSlideNumber: 1 }),
    ];
    expect(deckIssues(slides, () => elements)).toEqual({ missingDescription: [1], unassignedTemplate: [2], emptyElements: [3] });
  });
});

describe('registry', () => {
  it('gives every action a name matching its key and a label key', () => {
    for (const [key, action] of Object.entries(editorActions)) {
      expect(action.name).toBe(key);
      expect(action.labelKey).toBeTruthy();
    }
  });

  it('matches shortcuts with Ctrl or Cmd as the modifier', () => {
    expect(shortcutActions.map((action) => action.name)).toEqual(['moveSlideUp', 'moveSlideDown']);
    const event = { key: 'ArrowUp', ctrlKey: false, metaKey: false, shiftKey: true, altKey: true };
    expect(matchesShortcut(moveSlideUp.shortcut, event)).toBe(true);
    expect(matchesShortcut(moveSlideUp.shortcut, { ...event, shiftKey: false })).toBe(false);
    expect(matchesShortcut({ key: 'z', mod: true }, { key: 'Z', ctrlKey: false, metaKey: true, shiftKey: false, altKey: false })).toBe(true);
  });
});
