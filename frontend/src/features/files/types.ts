import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** A file in the library as listed. */
export type UploadedFile = Schemas['UploadedFileRead'];
/** A file with its slides and the Templates made from each. */
export type FileDetail = Schemas['UploadedFileDetail'];
export type FileSlide = Schemas['FileSlide'];
/** A named single slide of a file (spec §3 Template). */
export type SlideTemplate = Schemas['TemplateRead'];
export type SlideTemplateCreate = Schemas['TemplateCreate'];
