import { isApiError } from '@/api/errors';

/** The login page shows this when the chat sign-in failed without a known reason. */
export const CHAT_SIGN_IN_FAILED = 'chat_sso_failed';

/** What the server's callback put in the URL fragment of /auth/chat. */
export interface ChatSignInResult {
  code: string | null;
  next: string | null;
}

export function parseChatSignInFragment(hash: string): ChatSignInResult {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return { code: params.get('code'), next: params.get('next') };
}

/** The login page URL that explains a failed chat sign-in (`/login?error=<errorCode>`). */
export function loginErrorPath(error: unknown): string {
  const code = isApiError(error) ? error.errorCode : CHAT_SIGN_IN_FAILED;
  return `/login?${new URLSearchParams({ error: code }).toString()}`;
}
