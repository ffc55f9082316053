import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/i18n/LanguageProvider';
import { useLanguage } from '@/i18n/languageContext';
import { useDocumentTitle, useMainHeading } from './useAppTitle';

function Page({ withHeading = true }: { withHeading?: boolean }) {
  const { t } = useTranslation('shell');
  const { toggleLanguage } = useLanguage();
  useDocumentTitle('Slidewright', useMainHeading());
  return (
    <main>
      {withHeading && <h1>{t('nav.tags')}</h1>}
      <button onClick={toggleLanguage}>toggle</button>
    </main>
  );
}

function renderPage(withHeading?: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <Page withHeading={withHeading} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the document title (WCAG 2.4.2)', () => {
  afterEach(() => {
    document.title = '';
    document.documentElement.lang = '';
  });

  it("names the page by its main heading, then the app, in the interface language", async () => {
    renderPage();
    await waitFor(() => expect(document.title).toBe('Tags – Slidewright'));
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(document.title).toBe('标签 - Slidewright'));
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('is the app title alone on a page without a main heading', async () => {
    renderPage(false);
    await waitFor(() => expect(document.title).toBe('Slidewright'));
  });
});
