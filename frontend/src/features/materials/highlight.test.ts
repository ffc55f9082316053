import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight';

const marked = (text: string, spans: number[][]) =>
  splitHighlights(text, spans).map((part) => (part.highlighted ? `[${part.text}]` : part.text)).join('');

describe('splitHighlights', () => {
  it('marks the spans of an English text', () => {
    expect(marked('Quarterly revenue review', [[10, 17]])).toBe('Quarterly [revenue] review');
  });

  it('marks a two-character Chinese word, every time it occurs', () => {
    expect(marked('市场营销计划：扩大市场份额', [[0, 2], [9, 11]])).toBe('[市场]营销计划：扩大[市场]份额');
  });

  it('counts code points like the server, so an emoji or rare character before a hit does not shift it', () => {
    // 😀 and 𠀀 are two UTF-16 units each but one character in the server's offsets.
    expect(marked('😀𠀀营收增长', [[2, 4]])).toBe('😀𠀀[营收]增长');
  });

  it('merges overlapping spans, sorts them and clips those past the end', () => {
    expect(marked('abcdefgh', [[5, 20], [0, 2], [1, 3]])).toBe('[abc]de[fgh]');
  });

  it('ignores empty and inverted spans and keeps a text without spans whole', () => {
    expect(splitHighlights('plain', [[2, 2], [4, 1]])).toEqual([{ text: 'plain', highlighted: false }]);
    expect(splitHighlights('', [[0, 3]])).toEqual([]);
  });
});
