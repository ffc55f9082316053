import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Material = Schemas['MaterialRead'];
export type MaterialType = Schemas['FileMeta']['type'];

/**
 * A [start, end) range of characters (code points) to highlight. The schema says a pair, but
 * the client hands tuples over as plain number arrays, so that is the shape used here.
 */
export type Span = readonly number[];
export type SearchSnippet = Omit<Schemas['SearchSnippet'], 'highlights'> & { highlights: Span[] };
export type MaterialSearchResult = Omit<Schemas['MaterialSearchResult'], 'filenameHighlights' | 'snippet'> & {
  filenameHighlights: Span[];
  snippet: SearchSnippet;
};
