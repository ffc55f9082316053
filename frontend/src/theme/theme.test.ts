import { alpha, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, PASSWORD_MASK_FONT } from './theme';

/** Composites a translucent colour over an opaque one, as the browser paints a tinted surface. */
function over(color: string, opacity: number, background: string): string {
  return alpha(color, opacity).replace(/^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/, (_match, r: string, g: string, b: string) => {
    const [br, bg, bb] = [1, 3, 5].map((start) => parseInt(background.slice(start, start + 2), 16));
    const mix = (fg: string, bgValue: number) => Math.round(Number(fg) * opacity + bgValue * (1 - opacity));
    return `rgb(${mix(r, br ?? 0)}, ${mix(g, bg ?? 0)}, ${mix(b, bb ?? 0)})`;
  });
}

describe('theme', () => {
  it('masks passwords in a Latin face in both languages, so zh-CN dots are not full-width', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const overrides = createAppTheme(language).components?.MuiInputBase?.styleOverrides?.input as Record<string, { fontFamily: string }>;
      expect(overrides['&[type="password"]']?.fontFamily).toBe(PASSWORD_MASK_FONT);
    }
    expect(PASSWORD_MASK_FONT).not.toMatch(/CJK|YaHei|PingFang|Han Sans/);
  });

  it("gives MUI's built-in labels (Autocomplete's Open, Clear) in the interface language", () => {
    const props = (language: 'en' | 'zh-CN') => createAppTheme(language).components?.MuiAutocomplete?.defaultProps;
    expect(props('zh-CN')?.openText).toBe('打开');
    expect(props('zh-CN')?.clearText).toBe('清空');
    expect(props('en')?.openText).not.toBe('打开'); // English is MUI's own default
  });

  it('keeps every text and control colour pair at WCAG 2.2 AA (4.5:1 for text)', () => {
    const { palette } = createAppTheme('en');
    const page = palette.background.default;
    const paper = palette.background.paper;
    const pairs: [string, string, string, number][] = [];
    for (const name of ['primary', 'secondary', 'ai', 'error', 'success', 'info', 'warning'] as const) {
      const color = palette[name];
      // Filled buttons and chips: their text on the colour.
      pairs.push([`${name} contrastText on ${name}`, color.contrastText, color.main, 4.5]);
      // Text buttons, links and outlined chips: the colour on the page, on paper and on its own
      // selected/hover tint (4.5:1 there also covers outlines and focus rings, which need 3:1).
      pairs.push([`${name} on page`, color.main, page, 4.5]);
      pairs.push([`${name} on paper`, color.main, paper, 4.5]);
      pairs.push([`${name} on its 12% tint`, color.main, over(color.main, 0.12, paper), 4.5]);
    }
    pairs.push(['secondary text on page', over('#000000', 0.6, page), page, 4.5]);
    pairs.push(['primary text on page', over('#000000', 0.87, page), page, 4.5]);
    for (const [label, foreground, background, minimum] of pairs) {
      expect(getContrastRatio(foreground, background), label).toBeGreaterThanOrEqual(minimum);
    }
  });
});
