import { splitHighlights, type TextPart } from './highlight';
import type { SearchSnippet } from './types';

/** Spec §9: a search result shows 200 characters of the material's text. */
export const SNIPPET_LENGTH = 200;

export interface SnippetView {
  parts: TextPart[];
  /** Text was left out before the snippet: show a leading ellipsis. */
  leadingEllipsis: boolean;
  /** Text was left out after it: show a trailing ellipsis. */
  trailingEllipsis: boolean;
}

/**
 * What a search result shows of the text: the server's snippet around the first hit, capped
 * at 200 characters, with an ellipsis wherever text was cut. A result that matched only its
 * filename gets an empty snippet; it shows the start of the parsed text instead.
 */
export function snippetView(snippet: SearchSnippet, parsedText: string): SnippetView {
  const fromStart = snippet.text.trim() === '';
  const source = fromStart ? parsedText.replace(/\s+/g, ' ').trim() : snippet.text;
  const chars = Array.from(source);
  const cut = chars.length > SNIPPET_LENGTH;
  const text = cut ? chars.slice(0, SNIPPET_LENGTH).join('') : source;
  return {
    parts: splitHighlights(text, fromStart ? [] : snippet.highlights),
    leadingEllipsis: !fromStart && snippet.truncatedStart,
    trailingEllipsis: cut || (!fromStart && snippet.truncatedEnd),
  };
}
