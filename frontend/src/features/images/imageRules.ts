import type { ImageSize } from './types';

function stem(filename: string): string {
  return filename.replace(/\.[^./\\]+$/, '');
}

/**
 * Spec §5 'Image description': a description that is still the file name (the server's
 * default) tells the AI nothing about the picture. Blank counts too, because saving a blank
 * description resets it to the file name. Compared case-insensitively, with or without the
 * extension.
 */
export function isDescriptionJustFilename(alt: string, filename: string): boolean {
  const text = alt.trim().toLowerCase();
  if (!text) return true;
  const name = filename.trim().toLowerCase();
  return text === name || text === stem(name);
}

/** Spec §9: the aspect ratios offered by Generate Image, in display order. */
export const IMAGE_SIZES: readonly ImageSize[] = [
  'square_hd',
  'square',
  'portrait_4_3',
  'portrait_16_9',
  'landscape_4_3',
  'landscape_16_9',
];
export const DEFAULT_IMAGE_SIZE: ImageSize = 'landscape_4_3';

/** What the upload dialog accepts (the server checks the bytes; SVG is refused there too). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

export function isAcceptedImageFile(file: File): boolean {
  return IMAGE_ACCEPT.split(',').includes(file.type);
}
