import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNS, resources } from './resources';
import type { UiLanguage } from './language';

/** Initialises the shared i18next instance; the LanguageProvider drives later changes. */
export function initI18n(language: UiLanguage) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'en',
      defaultNS,
      ns: Object.keys(resources.en),
      // React escapes output already; escaping here would double-escape names like "R&D".
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}
