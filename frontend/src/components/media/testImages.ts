import { vi } from 'vitest';
import { aUser } from '@/testing/fixtures';

/**
 * Test helpers for components that fetch images: a fetch stub answering image URLs with a tiny
 * blob (or a status), and object URL stubs jsdom lacks. Returns the recorded image requests.
 * API calls (which come as `Request`s) get the signed-in user for `/api/users/me`, so a stored
 * token survives the AuthProvider's check, and a 404 otherwise.
 */
export function stubImageFetch(statusFor: (url: string) => number = () => 200) {
  const requests: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) {
        const isMe = new URL(input.url).pathname === '/api/users/me';
        return new Response(JSON.stringify(isMe ? aUser : { errorCode: 'not_found' }), { status: isMe ? 200 : 404 });
      }
      const url = String(input);
      requests.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      const status = statusFor(url);
      return new Response(status === 200 ? new Blob(['jpeg'], { type: 'image/jpeg' }) : null, { status });
    }),
  );
  let next = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:test/${(next += 1)}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  return { requests, created, revoked };
}
