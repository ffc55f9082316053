import { api, unwrap } from '@/api/client';

/**
 * Where the "Sign in with {name}" button navigates: a full page load (not a fetch), since the
 * server answers with a redirect to the chat product's sign-in page.
 */
export function chatSignInStartUrl(next: string): string {
  return `/api/auth/chat/start?${new URLSearchParams({ next }).toString()}`;
}

/** POST /api/auth/chat/exchange: trades the callback's one-time code for a token and the user. */
export async function exchangeChatCode(code: string) {
  return unwrap(await api.POST('/api/auth/chat/exchange', { body: { code } }));
}
