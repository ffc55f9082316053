import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { setRequestLanguage } from '@/api/client';
import { initI18n } from './i18n';
import {
  LANGUAGE_STORAGE_KEY,
  languageFromStoredValue,
  loadLanguage,
  saveLanguage,
  toggledLanguage,
  uiLanguageOf,
  type StoredLanguage,
} from './language';
import { LanguageContext, type LanguageContextValue } from './languageContext';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Owns the interface language: persists it under `lang`, follows changes made in other tabs
 * (the `storage` event), keeps i18next, `<html lang>` and the API's Accept-Language in step.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<StoredLanguage>(() =>
    loadLanguage(browserStorage(), navigator.language),
  );
  const uiLanguage = uiLanguageOf(language);
  const [i18n] = useState(() => initI18n(uiLanguage));
  const queryClient = useQueryClient();
  const requestedIn = useRef(uiLanguage);

  useEffect(() => {
    if (i18n.language !== uiLanguage) void i18n.changeLanguage(uiLanguage);
    document.documentElement.lang = uiLanguage;
    setRequestLanguage(uiLanguage);
    // Server text (built-in template descriptions, translated warnings) came in the old
    // language: fetch it again, here and in a tab that follows the switch through `storage`.
    if (requestedIn.current !== uiLanguage) {
      requestedIn.current = uiLanguage;
      void queryClient.invalidateQueries();
    }
  }, [i18n, uiLanguage, queryClient]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      // `key === null` means another tab cleared the whole storage.
      if (event.key === LANGUAGE_STORAGE_KEY || event.key === null) {
        setLanguageState(languageFromStoredValue(event.key === null ? null : event.newValue));
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setLanguage = useCallback((next: StoredLanguage) => {
    saveLanguage(browserStorage(), next);
    setLanguageState(next);
  }, []);

  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      uiLanguage,
      setLanguage,
      toggleLanguage: () => setLanguage(toggledLanguage(language)),
    }),
    [language, uiLanguage, setLanguage],
  );

  return (
    <LanguageContext.Provider value={value}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </LanguageContext.Provider>
  );
}
