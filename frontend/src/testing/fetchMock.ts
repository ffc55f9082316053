import { vi } from 'vitest';

// A function reply answers each call itself (a hanging or failing fetch, or a Response that varies).
type Reply = { status?: number; body?: unknown } | (() => Promise<Response>);
type Route = { method: string; path: string; reply: Reply };

/**
 * A tiny stand-in for the backend: routes `fetch` by method and path and records every call.
 * Unmatched calls fail loudly so a test never silently talks to nothing.
 */
export function mockApi(routes: Route[]) {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(request.url);
    const sent = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
    calls.push({ method: request.method, path: url.pathname, headers: request.headers, body: sent });
    const route = routes.find((candidate) => candidate.method === request.method && candidate.path === url.pathname);
    if (!route) throw new Error(`Unexpected ${request.method} ${url.pathname}`);
    if (typeof route.reply === 'function') return route.reply();
    return apiResponse(route.reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The Response the API gives for `reply` (a JSON body; none for 204): for function replies too. */
export function apiResponse({ status = 200, body }: { status?: number; body?: unknown }): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
}

/** JSON bodies parsed; multipart uploads as their FormData (inspect with `getAll`). */
async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** A fetch that never gets a response (server down). */
export const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

export function apiErrorBody(errorCode: string, message = '', details: Record<string, unknown> = {}) {
  return { errorCode, message, details };
}
