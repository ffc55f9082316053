import { useEffect, useState } from 'react';
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

/** Keeps the browser tab's title equal to the app title. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
