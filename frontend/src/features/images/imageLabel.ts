import type { Image } from './types';

const MAX_LABEL = 60;

/** A short name for an image in button labels and dialogs: its description, clipped. */
export function imageLabel(image: Pick<Image, 'alt' | 'filename'>): string {
  const text = image.alt.trim() || image.filename;
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}
