import { describe, expect, it } from 'vitest';
import { formatDate, formatList, parseDate } from './format';

describe('formatDate', () => {
  it('reads a date-only value as that calendar day', () => {
    expect(parseDate('2025-03-01')?.getDate()).toBe(1);
  });

  it('formats per language', () => {
    expect(formatDate('2025-03-01', 'en')).toBe('March 1, 2025');
    expect(formatDate('2025-03-01', 'zh-CN')).toBe('2025年3月1日');
  });

  it('returns null for values that are not dates', () => {
    expect(formatDate('not a date', 'en')).toBeNull();
    expect(formatDate('', 'en')).toBeNull();
    expect(formatDate(null, 'en')).toBeNull();
  });
});

describe('formatList', () => {
  it('joins items as each language lists them', () => {
    expect(formatList(['North', 'South', 'East'], 'en')).toBe('North, South, East');
    expect(formatList(['华北', '华南', '华东'], 'zh-CN')).toBe('华北、华南、华东');
  });
});
