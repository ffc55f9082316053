import type { components } from '@/api/schema';

export type Image = components['schemas']['ImageRead'];
export type VisibleTag = components['schemas']['TagRead'];
export type ImageSize = components['schemas']['ImageGenerate']['image_size'];

/** What the ImagePicker hands back: enough to show the picture and link it. */
export type PickedImage = Pick<Image, '_id' | 'url' | 'alt'>;

/** The two gallery sets (spec §2 Image gallery): the caller's private images or everyone's public ones. */
export type ImageCollection = 'mine' | 'public';

export interface ImageFilters {
  /** Words in the description, the filename or a tag name. */
  q?: string;
  tagId?: string;
}
