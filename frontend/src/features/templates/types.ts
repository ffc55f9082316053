import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** A template as listed (no slides). */
export type TemplateSummary = Schemas['PptxFileSummary'];
/** A template with its parsed slides and latest render job. */
export type TemplateDetail = Schemas['PptxFileRead'];
export type ParsedSlide = Schemas['ParsedSlide'];
export type TemplateElement = Schemas['TemplateElement'];

/** An AI-written description waiting for review: nothing is saved until the user accepts it. */
export interface AiSuggestion {
  text: string;
  /** Who wrote it: 'offline' (the built-in assistant) or 'openai_compat'. */
  provider: string;
  /** Parts the offline assistant completed in the model's place ('*': all of it). */
  fallbackFields?: readonly string[];
  /** Numbers, dates and names of the model's that are in none of the inputs, left out. */
  droppedFacts?: readonly string[];
}
