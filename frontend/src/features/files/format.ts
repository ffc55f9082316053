import type { UiLanguage } from '@/i18n/language';

/** A byte count with the language's digit grouping: 89,898 (spec §2: size in bytes). */
export function formatByteCount(bytes: number, language: UiLanguage): string {
  return new Intl.NumberFormat(language).format(bytes);
}

/** An upload time as date and time in the interface language; null for an invalid value. */
export function formatUploadTime(value: string, language: UiLanguage): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A thumbnail path with a version query, so a changed thumbnail is fetched again. */
export function versionedPath(path: string, version: number | string): string {
  return `${path}${path.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(version))}`;
}
