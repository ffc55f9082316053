import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { loginErrorPath, parseChatSignInFragment } from '@/features/auth/chatSignIn';
import { useAuth } from '@/features/auth/hooks/authContext';
import { sameSitePath } from '@/features/auth/returnPath';

const AFTER_SIGN_IN = '/projects';

/**
 * /auth/chat: where the server's chat sign-on callback lands. The URL fragment carries a
 * one-time code (never the sign-in token); it is traded once for a session, then the visitor
 * goes on to `next`, or back to the login page with the reason when the trade fails.
 */
export function ChatSignInRoute() {
  const { signInWithChatCode } = useAuth();
  const navigate = useNavigate();
  const { hash } = useLocation();
  // The code works once: React's development double effects must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { code, next } = parseChatSignInFragment(hash);
    if (!code) {
      void navigate(loginErrorPath(null), { replace: true });
      return;
    }
    signInWithChatCode(code).then(
      () => void navigate(sameSitePath(next, AFTER_SIGN_IN), { replace: true }),
      (error: unknown) => void navigate(loginErrorPath(error), { replace: true }),
    );
  }, [hash, navigate, signInWithChatCode]);

  return <FullPageSpinner />;
}
