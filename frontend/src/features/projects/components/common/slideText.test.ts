import { describe, expect, it } from 'vitest';
import { anElement } from '../../editor/testData';
import { SLIDE_TEXT_MAX, slideText } from './slideText';

const elements = [
  anElement('Title', 'text'),
  anElement('Subtitle', 'text'),
  anElement('Footer', 'text', { isLocked: true }),
  anElement('Hidden note', 'text', { hidden: true }),
  anElement('Photo', 'picture'),
  anElement('Table', 'table'),
];

describe('slideText', () => {
  it('joins the unlocked text values in the template order, title first', () => {
    const slide = { formData: { Subtitle: 'Approved  in\nMarch', Title: 'Northwind plan 2026', Photo: '01ARZ3NDEKTSV4RRFFQ69G5FAV', Table: { rows: [['a']] } } };
    expect(slideText(slide, elements)).toBe('Northwind plan 2026 · Approved in March');
  });

  it('leaves out what the export does not write: locked, hidden and unknown elements', () => {
    const slide = { formData: { Footer: 'Kept from the template', 'Hidden note': 'x', Stray: 'not an element' } };
    expect(slideText(slide, elements)).toBe('');
    // A slide-level lock inverts the template's: the footer is the user's again, the title is not.
    const inverted = { formData: { Title: 'Locked title', Footer: 'My footer' }, lockedElementNames: ['Title', 'Footer'] };
    expect(slideText(inverted, elements)).toBe('My footer');
  });

  it('is empty without the template elements, and cut with an ellipsis when long', () => {
    expect(slideText({ formData: { Title: 'Hello' } }, null)).toBe('');
    const long = slideText({ formData: { Title: 'word '.repeat(100) } }, elements);
    expect(long).toHaveLength(SLIDE_TEXT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
