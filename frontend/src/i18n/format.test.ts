import { describe, expect, it } from 'vitest';
import { formatDate, formatList, formatRelativeTime, parseDate } from './format';

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

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('says how long ago in the largest unit, per language', () => {
    expect(formatRelativeTime('2026-11-26T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-26T11:55:00Z', 'zh-CN', now)).toBe('5分钟前');
    expect(formatRelativeTime('2026-11-26T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-23T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatRelativeTime('2026-11-25T11:00:00Z', 'zh-CN', now)).toBe('昨天');
  });

  it('reads under a minute as now', () => {
    expect(formatRelativeTime('2026-11-26T11:59:30Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2026-11-26T11:59:30Z', 'zh-CN', now)).toBe('现在');
  });

  it('returns null for values that are not dates', () => {
    expect(formatRelativeTime('soon', 'en', now)).toBeNull();
    expect(formatRelativeTime(null, 'en', now)).toBeNull();
  });
});
