import type { Span } from './types';

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits `text` into plain and highlighted parts from the server's [start, end) spans.
 * The spans count characters as the server does (Unicode code points), so the text is split
 * by code point, not by UTF-16 unit: an emoji or a rare CJK character before a hit must not
 * shift the highlight. Out-of-range spans are clipped; overlapping ones merged.
 */
export function splitHighlights(text: string, spans: readonly Span[]): TextPart[] {
  const chars = Array.from(text);
  const ranges = spans
    .map(([start = 0, end = 0]): [number, number] => [Math.max(0, start), Math.min(chars.length, end)])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  const parts: TextPart[] = [];
  let position = 0;
  for (const [start, end] of merged) {
    if (start > position) parts.push({ text: chars.slice(position, start).join(''), highlighted: false });
    parts.push({ text: chars.slice(start, end).join(''), highlighted: true });
    position = end;
  }
  if (position < chars.length) parts.push({ text: chars.slice(position).join(''), highlighted: false });
  return parts;
}
