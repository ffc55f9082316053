import type { UiLanguage } from './language';

// `2025-03-01` parsed by `new Date()` is UTC midnight, which shows as the previous day west of
// Greenwich; date-only strings are therefore read as local dates.
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the interface language, or null when the value is not a valid date. */
export function formatDate(value: string | null | undefined, language: UiLanguage): string | null {
  const date = parseDate(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date) : null;
}

/** Items as a plain enumeration in the language ("A, B, C", "A、B、C"). */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'narrow', type: 'conjunction' }).format(items);
}

// Largest first: a moment is told in the largest unit it spans ("3 days ago", not "72 hours").
const RELATIVE_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago (or how soon) a moment is, in the language: "5 minutes ago", "5分钟前"; under a
 * minute is "now" ("现在"). Null when the value is not a valid date.
 */
export function formatRelativeTime(value: string | null | undefined, language: UiLanguage, now: Date = new Date()): string | null {
  const date = parseDate(value);
  if (!date) return null;
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
