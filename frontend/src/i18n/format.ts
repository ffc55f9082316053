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
