import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** A template as listed (no slides). */
export type TemplateSummary = Schemas['PptxFileSummary'];
/** A template with its parsed slides and latest render job. */
export type TemplateDetail = Schemas['PptxFileRead'];
export type ParsedSlide = Schemas['ParsedSlide'];
export type TemplateElement = Schemas['TemplateElement'];
