import { describe, expect, it } from 'vitest';
import { rebaseSlides } from './merge';
import { aSlide } from './testData';

const ids = (slides: { id: string }[]) => slides.map((slide) => slide.id);

describe('rebaseSlides (409 version_conflict: reapply local edits on the latest deck)', () => {
  const base = [aSlide('a'), aSlide('b'), aSlide('c')];

  it('merges edits to different fields and elements of the same slide', () => {
    const mine = [aSlide('a', { contentDescription: 'mine', formData: { Title: 'T' } }), base[1]!, base[2]!];
    const theirs = [aSlide('a', { notes: 'theirs', formData: { Body: 'B' } }), base[1]!, base[2]!];
    const merged = rebaseSlides(base, mine, theirs);
    expect(merged[0]).toMatchObject({ contentDescription: 'mine', notes: 'theirs', formData: { Title: 'T', Body: 'B' } });
  });

  it('lets this tab win where both changed the same field, and keeps unchanged slide objects', () => {
    const mine = [aSlide('a', { contentDescription: 'mine' }), base[1]!, base[2]!];
    const theirs = [aSlide('a', { contentDescription: 'theirs' }), aSlide('b', { notes: 'n' }), base[2]!];
    const merged = rebaseSlides(base, mine, theirs);
    expect(merged[0]?.contentDescription).toBe('mine');
    expect(merged[0]).toBe(mine[0]);
    expect(merged[1]?.notes).toBe('n');
  });

  it('inserts slides added here after the slide they followed, among slides added there', () => {
    const mine = [base[0]!, aSlide('new'), base[1]!, base[2]!];
    const theirs = [aSlide('x'), ...base];
    expect(ids(rebaseSlides(base, mine, theirs))).toEqual(['x', 'a', 'new', 'b', 'c']);
  });

  it('keeps a slide deleted there but edited here; drops one deleted here', () => {
    const mine = [base[0]!, aSlide('b', { contentDescription: 'typed here' })];
    const theirs = [base[0]!, base[2]!];
    const merged = rebaseSlides(base, mine, theirs);
    expect(ids(merged)).toEqual(['a', 'b']);
    expect(merged[1]?.contentDescription).toBe('typed here');
  });

  it("uses this tab's order when it reordered, the server's otherwise", () => {
    const reordered = [base[2]!, base[0]!, base[1]!];
    const theirs = [base[1]!, base[0]!, base[2]!, aSlide('d')];
    expect(ids(rebaseSlides(base, reordered, theirs))).toEqual(['c', 'd', 'a', 'b']);
    const edited = [aSlide('a', { notes: 'x' }), base[1]!, base[2]!];
    expect(ids(rebaseSlides(base, edited, theirs))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('keeps values together with a template slide chosen here', () => {
    const start = [aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'old' }, lockedElementNames: ['Title'] })];
    const mine = [aSlide('a', { pptxSlideNumber: 7, formData: { Chart: { categories: [], series: [] } } })];
    const theirs = [aSlide('a', { pptxSlideNumber: 1, formData: { Title: 'theirs', Body: 'x' }, lockedElementNames: ['Title'] })];
    expect(rebaseSlides(start, mine, theirs)[0]).toMatchObject({ pptxSlideNumber: 7, formData: { Chart: { categories: [], series: [] } }, lockedElementNames: [] });
  });

  it('merges lock overrides name by name and removes values cleared here', () => {
    const start = [aSlide('a', { formData: { Title: 'x', Body: 'y' }, lockedElementNames: ['A'] })];
    const mine = [aSlide('a', { formData: { Body: 'y' }, lockedElementNames: ['A', 'B'] })];
    const theirs = [aSlide('a', { formData: { Title: 'x', Body: 'y', Caption: 'c' }, lockedElementNames: [] })];
    expect(rebaseSlides(start, mine, theirs)[0]).toMatchObject({ formData: { Body: 'y', Caption: 'c' }, lockedElementNames: ['B'] });
  });
});
