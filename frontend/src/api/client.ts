import createClient, { type Middleware } from 'openapi-fetch';
import { apiErrorFromBody, type ApiError } from './errors';
import type { paths } from './schema';
import { clearToken, getToken } from './token';

let requestLanguage = 'en';

/** The LanguageProvider keeps this in step so server messages come in the interface language. */
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

/** The language requests go out in (Accept-Language). */
export function getRequestLanguage(): string {
  return requestLanguage;
}

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Called when the server rejects the stored token (expired or revoked elsewhere). */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

// Codes meaning "the token itself is no good"; a 401 `incorrect_password` on a password change
// is a wrong form value and must not sign the user out.
const SESSION_ERROR_CODES = new Set(['invalid_token', 'not_authenticated']);

/**
 * The headers every API call carries: the Bearer token when one is stored and the interface
 * language. Exported for calls that cannot go through `api`: XHR uploads (fetch reports no
 * upload progress) and image fetches.
 */
export function requestHeaders(): Record<string, string> {
  const token = getToken();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': requestLanguage };
}

/**
 * A rejected token means the session is gone (revoked by a logout or password change
 * elsewhere): sign out instead of leaving the user on a page whose every call fails.
 */
export function noticeSessionError(error: ApiError, sentToken: boolean): void {
  if (sentToken && SESSION_ERROR_CODES.has(error.errorCode)) {
    clearToken();
    sessionExpiredListeners.forEach((listener) => listener());
  }
}

const authAndErrors: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders())) request.headers.set(name, value);
    return request;
  },
  async onResponse({ request, response }) {
    // Cancelled while the answer was on its way (an AI request the user stopped waiting for):
    // drop it, so nothing that follows the call applies it.
    if (request.signal?.aborted) throw new DOMException('The request was cancelled.', 'AbortError');
    if (response.ok) return response;
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's HTML error page, say): keep the text.
    }
    const error = apiErrorFromBody(response.status, body);
    noticeSessionError(error, request.headers.has('Authorization'));
    throw error;
  },
};

/**
 * The typed API client. Calls reject with `ApiError` on any non-2xx response, so `data` is
 * present whenever the promise resolves with a body (see `unwrap`).
 */
export const api = createClient<paths>({
  // An absolute base keeps `new Request()` valid outside browsers too (jsdom tests).
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Looked up per call so tests can stub `fetch` after this module loaded.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authAndErrors);

/** Narrows a successful openapi-fetch result to its body. */
export function unwrap<T>(result: { data?: T }): T {
  return result.data as T;
}
