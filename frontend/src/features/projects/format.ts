import { parseDate } from '@/i18n/format';
import type { UiLanguage } from '@/i18n/language';

/** A date in the interface language ('1 March 2025'), or null for a bad value. */
export function formatDay(value: string | null | undefined, language: UiLanguage): string | null {
  const date = parseDate(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : null;
}

/** A date and time in the interface language, for created and last-updated times. */
export function formatDateTime(value: string | null | undefined, language: UiLanguage): string | null {
  const date = parseDate(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : null;
}
