import { describe, expect, it } from 'vitest';
import { SNIPPET_LENGTH, snippetView } from './snippet';
import type { SearchSnippet } from './types';

const snippet = (overrides: Partial<SearchSnippet>): SearchSnippet => ({
  text: '',
  highlights: [],
  truncatedStart: false,
  truncatedEnd: false,
  ...overrides,
});
const textOf = (view: ReturnType<typeof snippetView>) => view.parts.map((part) => part.text).join('');

describe('snippetView', () => {
  it('shows a whole short text with no ellipsis', () => {
    const view = snippetView(snippet({ text: '第三季度营收增长', highlights: [[4, 6]] }), '第三季度营收增长');
    expect(textOf(view)).toBe('第三季度营收增长');
    expect(view.leadingEllipsis).toBe(false);
    expect(view.trailingEllipsis).toBe(false);
    expect(view.parts.find((part) => part.highlighted)?.text).toBe('营收');
  });

  it('adds an ellipsis on each side the server cut', () => {
    const view = snippetView(snippet({ text: 'middle of it', truncatedStart: true, truncatedEnd: true }), 'x');
    expect(view.leadingEllipsis).toBe(true);
    expect(view.trailingEllipsis).toBe(true);
  });

  it('caps the snippet at 200 characters (code points) and then shows the ellipsis', () => {
    const long = '资'.repeat(150) + '😀'.repeat(100);
    const view = snippetView(snippet({ text: long, highlights: [[199, 230]] }), long);
    expect(Array.from(textOf(view))).toHaveLength(SNIPPET_LENGTH);
    expect(view.trailingEllipsis).toBe(true);
    expect(view.parts.at(-1)).toEqual({ text: '😀', highlighted: true });
  });

  it('shows the first 200 characters of the text when only the filename matched', () => {
    const text = `${'a'.repeat(120)}\n\n${'b'.repeat(120)}`;
    const view = snippetView(snippet({ text: '' }), text);
    expect(textOf(view)).toBe(`${'a'.repeat(120)} ${'b'.repeat(79)}`);
    expect(view.trailingEllipsis).toBe(true);
    expect(view.leadingEllipsis).toBe(false);
    expect(snippetView(snippet({ text: '' }), 'short').trailingEllipsis).toBe(false);
  });
});
