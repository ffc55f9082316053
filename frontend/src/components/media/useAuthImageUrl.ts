import { useEffect, useState } from 'react';
import { requestHeaders } from '@/api/client';
import { getToken } from '@/api/token';

/**
 * - `empty`: no URL was given;
 * - `no-token`: nobody is signed in, so nothing is fetched (spec §6);
 * - `loading`, `loaded`, `error` (any failed fetch: 404 while a thumbnail renders, network...).
 */
export type AuthImageStatus = 'empty' | 'no-token' | 'loading' | 'loaded' | 'error';

export interface AuthImageUrl {
  status: AuthImageStatus;
  /** A `blob:` URL for an `<img>`, set only when `status` is `loaded`. */
  objectUrl: string | null;
}

interface Fetched {
  src: string;
  status: 'loaded' | 'error';
  objectUrl: string | null;
}

/**
 * Fetches an `/api` image with the Bearer token (an `<img src>` cannot send it) and hands back an
 * object URL, revoked when `src` changes or the component unmounts. Change `src` (a `?v=` query,
 * say) to fetch again after the image changed on the server.
 */
export function useAuthImageUrl(src: string | null | undefined): AuthImageUrl {
  const token = getToken();
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    if (!src || !token) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void (async () => {
      try {
        const response = await globalThis.fetch(src, { headers: requestHeaders(), signal: controller.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        // Unmounted (or moved on) while the body arrived: creating a URL now would leak it.
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setFetched({ src, status: 'loaded', objectUrl });
      } catch {
        if (!controller.signal.aborted) setFetched({ src, status: 'error', objectUrl: null });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, token]);

  if (!src) return { status: 'empty', objectUrl: null };
  if (!token) return { status: 'no-token', objectUrl: null };
  // A result for an earlier `src` is stale: the new one is still on its way.
  if (fetched?.src !== src) return { status: 'loading', objectUrl: null };
  return { status: fetched.status, objectUrl: fetched.objectUrl };
}
