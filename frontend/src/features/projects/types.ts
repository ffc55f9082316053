import type { ComponentType } from 'react';
import type { components } from '@/api/schema';

/** Short names for the generated schema types this feature works with. */
type Schemas = components['schemas'];

export type Project = Schemas['ProjectRead'];
export type ProjectSummary = Schemas['ProjectSummary'];
export type ProjectCreate = Schemas['ProjectCreate'];
export type ProjectUpdate = Schemas['ProjectUpdate'];
export type ServerSlide = Schemas['Slide'];
export type SlideIn = Schemas['SlideIn'];
export type OrderBasis = Schemas['OrderBasis'];
export type ProjectWarning = Schemas['Warning'];
export type PptxFileSummary = Schemas['PptxFileSummary'];
export type PptxFile = Schemas['PptxFileRead'];
export type ParsedSlide = Schemas['ParsedSlide'];
export type TemplateElement = Schemas['TemplateElement'];
export type ElementType = TemplateElement['type'];
export type GalleryImage = Schemas['ImageRead'];

/** Presentation languages (spec §9). */
export const PRESENTATION_LANGUAGES = ['en', 'zh-CN', 'zh-HK'] as const;
export type PresentationLanguage = (typeof PRESENTATION_LANGUAGES)[number];

/**
 * A new deck starts in the interface's language: zh-CN for a Chinese interface (the spec's
 * default), en for an English one, so an English user never gets a Chinese deck by surprise.
 */
export function defaultPresentationLanguage(uiLanguage: string): PresentationLanguage {
  return uiLanguage === 'en' ? 'en' : 'zh-CN';
}

/** Create-project defaults and limits (spec §9; the server caps a deck at 200 slides). */
export const DEFAULT_DURATION_MINUTES = 15;
export const DEFAULT_NUM_SLIDES = 8;
export const MIN_SLIDES = 1;
export const MAX_SLIDES = 200;

/** Whether a typed slide count is a whole number the server accepts. */
export function isValidSlideCount(value: string): boolean {
  const count = Number(value);
  return value.trim() !== '' && Number.isInteger(count) && count >= MIN_SLIDES && count <= MAX_SLIDES;
}

/** Spec §4/§5: the manual path plans one slide per two minutes, at least one. */
export function manualSlideCount(durationMinutes: number): number {
  return Math.max(MIN_SLIDES, Math.floor(durationMinutes / 2));
}

/** The JPEG thumbnail of a template slide (fetched with the bearer token). */
export function thumbnailUrl(pptxFileId: string, slideNumber: number): string {
  return `/api/files/thumbnails/${pptxFileId}/${slideNumber}.jpg`;
}

/** What an image picker hands back (the images feature's ImagePicker fits). */
export interface PickedImage {
  _id: string;
  url: string;
  alt: string;
}

export interface ImagePickerProps {
  open: boolean;
  onClose: () => void;
  onSelect: (image: PickedImage) => void;
}

/**
 * The gallery picker, passed in by the route: features never import each other, so the project
 * page receives the images feature's ImagePicker as a component prop.
 */
export type ImagePickerComponent = ComponentType<ImagePickerProps>;

/** The gallery URL of a picture value (an image id or its `/api/images/{id}/file` URL). */
export function pictureUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const match = /^(?:\/api\/images\/)?([0-9A-Za-z]{26})(?:\/file)?$/.exec(value);
  return match ? `/api/images/${match[1]}/file` : null;
}
