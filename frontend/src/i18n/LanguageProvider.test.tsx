import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from './LanguageProvider';
import { useLanguage } from './languageContext';

function Probe() {
  const { t } = useTranslation('shell');
  const { language, toggleLanguage } = useLanguage();
  return (
    <>
      <p data-testid="label">{t('nav.tags')}</p>
      <p data-testid="stored">{language}</p>
      <button onClick={toggleLanguage}>toggle</button>
    </>
  );
}

function storageEvent(newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue }));
  });
}

describe('LanguageProvider', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('starts in English for an English browser and sets <html lang>', () => {
    render(<LanguageProvider><Probe /></LanguageProvider>);
    expect(screen.getByTestId('label')).toHaveTextContent('Tags');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('toggles to Chinese and stores the choice', async () => {
    render(<LanguageProvider><Probe /></LanguageProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
    expect(window.localStorage.getItem('lang')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('shows a stored zh-HK with the Chinese resources', () => {
    window.localStorage.setItem('lang', 'zh-HK');
    render(<LanguageProvider><Probe /></LanguageProvider>);
    expect(screen.getByTestId('stored')).toHaveTextContent('zh-HK');
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
  });

  it('follows a change made in another tab', () => {
    render(<LanguageProvider><Probe /></LanguageProvider>);
    storageEvent('zh-CN');
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
    storageEvent('en');
    expect(screen.getByTestId('label')).toHaveTextContent('Tags');
  });

  it('falls back to zh-CN when another tab removes the value', () => {
    render(<LanguageProvider><Probe /></LanguageProvider>);
    storageEvent(null);
    expect(screen.getByTestId('stored')).toHaveTextContent('zh-CN');
  });
});
