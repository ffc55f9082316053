import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRequestLanguage } from '@/api/client';
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

/** Server text, fetched in whatever language the request went out in. */
function ServerText({ fetchText }: { fetchText: () => Promise<string> }) {
  const text = useQuery({ queryKey: ['server-text'], queryFn: fetchText });
  return <p data-testid="server">{text.data}</p>;
}

function renderLanguage(children: ReactNode = <Probe />) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>{children}</LanguageProvider>
    </QueryClientProvider>,
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
    renderLanguage();
    expect(screen.getByTestId('label')).toHaveTextContent('Tags');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('toggles to Chinese and stores the choice', async () => {
    renderLanguage();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
    expect(window.localStorage.getItem('lang')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('shows a stored zh-HK with the Chinese resources', () => {
    window.localStorage.setItem('lang', 'zh-HK');
    renderLanguage();
    expect(screen.getByTestId('stored')).toHaveTextContent('zh-HK');
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
  });

  it('follows a change made in another tab', () => {
    renderLanguage();
    storageEvent('zh-CN');
    expect(screen.getByTestId('label')).toHaveTextContent('标签');
    storageEvent('en');
    expect(screen.getByTestId('label')).toHaveTextContent('Tags');
  });

  it('fetches server text again in the new language, here and when another tab switches', async () => {
    const fetchText = vi.fn(() => Promise.resolve(`text in ${getRequestLanguage()}`));
    renderLanguage(
      <>
        <Probe />
        <ServerText fetchText={fetchText} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('server')).toHaveTextContent('text in en'));
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(screen.getByTestId('server')).toHaveTextContent('text in zh-CN'));
    storageEvent('en');
    await waitFor(() => expect(screen.getByTestId('server')).toHaveTextContent('text in en'));
    expect(fetchText).toHaveBeenCalledTimes(3);
  });

  it('falls back to zh-CN when another tab removes the value', () => {
    renderLanguage();
    storageEvent(null);
    expect(screen.getByTestId('stored')).toHaveTextContent('zh-CN');
  });
});
