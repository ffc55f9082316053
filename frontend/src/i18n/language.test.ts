import { describe, expect, it } from 'vitest';
import {
  initialLanguageFor,
  LANGUAGE_STORAGE_KEY,
  languageFromStoredValue,
  loadLanguage,
  toggledLanguage,
  uiLanguageOf,
} from './language';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('initialLanguageFor', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['EN-au', 'en'],
    ['zh-HK', 'zh-HK'],
    ['zh-hk', 'zh-HK'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['english', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
  ])('browser %s starts as %s', (browser, expected) => {
    expect(initialLanguageFor(browser)).toBe(expected);
  });
});

describe('loadLanguage', () => {
  it('keeps a stored value', () => {
    expect(loadLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en' }), 'zh-CN')).toBe('en');
  });

  it('accepts zh-HK as a stored value', () => {
    expect(loadLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'zh-HK' }), 'en-US')).toBe('zh-HK');
  });

  it('stores the browser-derived value on a first visit', () => {
    const storage = memoryStorage();
    expect(loadLanguage(storage, 'en-US')).toBe('en');
    expect(storage.data.get(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('falls back to zh-CN for an unknown stored value', () => {
    expect(loadLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fr' }), 'en-US')).toBe('zh-CN');
  });

  it('falls back to zh-CN when storage is unavailable', () => {
    expect(loadLanguage(undefined, 'en-US')).toBe('zh-CN');
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(loadLanguage(blocked, 'en-US')).toBe('zh-CN');
  });
});

describe('languageFromStoredValue', () => {
  it('falls back to zh-CN when nothing is stored', () => {
    expect(languageFromStoredValue(null)).toBe('zh-CN');
  });
});

describe('uiLanguageOf and toggledLanguage', () => {
  it('shows zh-HK with the Simplified Chinese resources', () => {
    expect(uiLanguageOf('zh-HK')).toBe('zh-CN');
  });

  it('toggles between en and zh-CN', () => {
    expect(toggledLanguage('en')).toBe('zh-CN');
    expect(toggledLanguage('zh-CN')).toBe('en');
    expect(toggledLanguage('zh-HK')).toBe('en');
  });
});
