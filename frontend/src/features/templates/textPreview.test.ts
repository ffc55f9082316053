import { describe, expect, it } from 'vitest';
import { textPreview } from './textPreview';

describe('textPreview', () => {
  it('drops leading, trailing and repeated blank lines', () => {
    expect(textPreview('\n\n  \nQuarterly review\n\n\nNorth region  \n')).toBe('Quarterly review\nNorth region');
  });

  it('keeps Chinese text and single lines as they are', () => {
    expect(textPreview('季度回顾')).toBe('季度回顾');
    expect(textPreview('')).toBe('');
  });

  it('treats vertical tabs (PowerPoint line breaks) as line ends', () => {
    expect(textPreview('\vFirst\vSecond')).toBe('First\nSecond');
  });
});
