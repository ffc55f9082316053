import { createContext, useContext } from 'react';
import type { StoredLanguage, UiLanguage } from './language';

export interface LanguageContextValue {
  /** The stored value (may be zh-HK). */
  language: StoredLanguage;
  /** The language whose resources are shown, and the one offered as selected. */
  uiLanguage: UiLanguage;
  setLanguage: (language: StoredLanguage) => void;
  toggleLanguage: () => void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return context;
}
