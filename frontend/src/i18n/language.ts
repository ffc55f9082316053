/**
 * The interface-language rules of spec §3 and §9, as pure functions so they can be tested alone.
 *
 * - `lang` in localStorage holds `en`, `zh-HK` or `zh-CN`.
 * - On a first visit (nothing stored) the value is derived from the browser: `en` for any English
 *   browser, `zh-HK` for a Hong Kong Chinese browser, otherwise `zh-CN`; it is then stored.
 * - Whenever no usable value can be had (storage blocked, unknown stored value) the interface
 *   falls back to `zh-CN`.
 * - Only `en` and `zh-CN` have translations and appear in the selector; `zh-HK` is accepted as a
 *   stored value and shown with the Simplified Chinese resources.
 */

export const LANGUAGE_STORAGE_KEY = 'lang';

export const STORED_LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type StoredLanguage = (typeof STORED_LANGUAGES)[number];

/** Languages with resources, offered in the selector. */
export const UI_LANGUAGES = ['en', 'zh-CN'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: StoredLanguage = 'zh-CN';

export function isStoredLanguage(value: unknown): value is StoredLanguage {
  return typeof value === 'string' && (STORED_LANGUAGES as readonly string[]).includes(value);
}

/** The first-visit value for a browser language such as `en-GB`, `zh-HK` or `fr`. */
export function initialLanguageFor(browserLanguage: string | undefined | null): StoredLanguage {
  const normalized = (browserLanguage ?? '').toLowerCase();
  if (normalized === 'en' || normalized.startsWith('en-')) return 'en';
  if (normalized === 'zh-hk') return 'zh-HK';
  return 'zh-CN';
}

/** The resources shown for a stored value (zh-HK has none of its own). */
export function uiLanguageOf(language: StoredLanguage): UiLanguage {
  return language === 'en' ? 'en' : 'zh-CN';
}

/** The toggle switches between the two offered languages. */
export function toggledLanguage(language: StoredLanguage): UiLanguage {
  return uiLanguageOf(language) === 'en' ? 'zh-CN' : 'en';
}

/** A value read from storage (or from a `storage` event) -> the language to use. */
export function languageFromStoredValue(value: string | null): StoredLanguage {
  return isStoredLanguage(value) ? value : FALLBACK_LANGUAGE;
}

/**
 * Reads the stored language, storing the browser-derived initial value on a first visit.
 * Never throws: blocked storage (private modes, sandboxed frames) means the fallback.
 */
export function loadLanguage(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  browserLanguage: string | undefined,
): StoredLanguage {
  try {
    if (!storage) return FALLBACK_LANGUAGE;
    const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored !== null) return languageFromStoredValue(stored);
    const initial = initialLanguageFor(browserLanguage);
    storage.setItem(LANGUAGE_STORAGE_KEY, initial);
    return initial;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

export function saveLanguage(
  storage: Pick<Storage, 'setItem'> | undefined,
  language: StoredLanguage,
): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be blocked; the choice then lasts for this page only.
  }
}
