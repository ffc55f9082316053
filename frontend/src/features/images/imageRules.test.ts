import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_SIZE, IMAGE_SIZES, isAcceptedImageFile, isDescriptionJustFilename } from './imageRules';

describe('isDescriptionJustFilename', () => {
  it('flags a description that is still the file name, with or without extension or case', () => {
    expect(isDescriptionJustFilename('IMG_2041.jpg', 'IMG_2041.jpg')).toBe(true);
    expect(isDescriptionJustFilename('  img_2041.JPG ', 'IMG_2041.jpg')).toBe(true);
    expect(isDescriptionJustFilename('IMG_2041', 'IMG_2041.jpg')).toBe(true);
    expect(isDescriptionJustFilename('团队合影.png', '团队合影.png')).toBe(true);
  });

  it('flags a blank description, which the server resets to the file name', () => {
    expect(isDescriptionJustFilename('   ', 'photo.png')).toBe(true);
  });

  it('accepts a real description, even one that mentions the file name', () => {
    expect(isDescriptionJustFilename('The sales team at the annual meeting', 'team.png')).toBe(false);
    expect(isDescriptionJustFilename('team.png from the offsite', 'team.png')).toBe(false);
    expect(isDescriptionJustFilename('年会上的销售团队', 'team.png')).toBe(false);
  });
});

describe('image constants', () => {
  it('offers the six aspect ratios of spec §9 with landscape 4:3 by default', () => {
    expect(IMAGE_SIZES).toEqual(['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9']);
    expect(DEFAULT_IMAGE_SIZE).toBe('landscape_4_3');
  });

  it('lets the picker accept JPEG, PNG, GIF and WebP but not SVG', () => {
    expect(isAcceptedImageFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(true);
    expect(isAcceptedImageFile(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe(false);
  });
});
