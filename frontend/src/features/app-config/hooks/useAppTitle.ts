import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/appConfig';

/** Shown until the server's configuration arrives (and if it never does). */
export const DEFAULT_APP_TITLE = 'Slidewright';
/** Spec §4 and §9: a new title is applied after 10 ms. */
export const APP_TITLE_DELAY_MS = 10;

/** The app title from /api/app/config, applied with the spec's short delay. */
export function useAppTitle(): string {
  const configured = useAppConfig().data?.appTitle || DEFAULT_APP_TITLE;
  const [title, setTitle] = useState(DEFAULT_APP_TITLE);
  useEffect(() => {
    const timer = window.setTimeout(() => setTitle(configured), APP_TITLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [configured]);
  return title;
}

/**
 * The text of the page's main heading (the first h1 in <main>), followed as pages and languages
 * change: every page already has one, in the interface language (routes.spec checks it).
 */
export function useMainHeading(): string | null {
  const [heading, setHeading] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setHeading(document.querySelector('main h1')?.textContent?.trim() || null);
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return heading;
}

/**
 * The browser tab's title: the page's heading and the app title ("Tags – Slidewright",
 * "标签 - Slidewright"), so each page has a title of its own in the interface language (WCAG
 * 2.4.2); the app title alone where no page heading is given (the landing page).
 */
export function useDocumentTitle(appTitle: string, page: string | null = null): void {
  const { t } = useTranslation();
  const title = page && page !== appTitle ? t('documentTitle', { page, app: appTitle }) : appTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
