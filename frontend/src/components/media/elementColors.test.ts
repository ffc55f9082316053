import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, elementTypeColor, elementTypeTextColor } from './elementColors';

/** `color` at `opacity` over an opaque `background`, as the browser paints a tint. */
function over(color: string, opacity: number, background: string): string {
  const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const [fg, bg] = [channels(color), channels(background)];
  const mixed = fg.map((value, index) => Math.round(value * opacity + (bg[index] ?? 255) * (1 - opacity)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

describe('element type colours', () => {
  it('write each type name at 4.5:1 on its chip, in a plain and in a highlighted row', () => {
    for (const type of [...ELEMENT_TYPES, 'unknown-type']) {
      const outline = elementTypeColor(type);
      const text = elementTypeTextColor(type);
      const chip = over(outline, 0.1, '#ffffff');
      const highlightedChip = over(outline, 0.1, over(outline, 0.08, '#ffffff'));
      expect(getContrastRatio(text, chip), `${type} on its chip`).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(text, highlightedChip), `${type} on its chip in a highlighted row`).toBeGreaterThanOrEqual(4.5);
    }
    // The check above is not vacuous: the amber outline colour itself fails there.
    expect(getContrastRatio(elementTypeColor('table'), over(elementTypeColor('table'), 0.1, '#ffffff'))).toBeLessThan(4.5);
  });
});
