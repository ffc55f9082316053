import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onSessionExpired } from '@/api/client';
import { currentUserKey } from '@/api/queryKeys';
import { clearToken, getToken, setToken, TOKEN_STORAGE_KEY } from '@/api/token';
import type { AuthResponse } from '@/api/types';
import { exchangeChatCode } from '../api/chatSignIn';
import { currentUserQueryOptions, fetchCurrentUser } from '../api/getMe';
import { login as loginRequest, type LoginRequest } from '../api/login';
import { logoutEverywhere as logoutEverywhereRequest, logout as logoutRequest } from '../api/logout';
import { signup as signupRequest, type SignupRequest } from '../api/signup';
import { AuthContext, type AuthContextValue } from './authContext';

/**
 * Session state (spec §4): the token lives in localStorage `token`; when one exists on load the
 * user is fetched and `loading` stays true until that finishes; a failure is logged, the token
 * removed and the visitor treated as signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(getToken);
  const me = useQuery({
    ...currentUserQueryOptions,
    queryFn: async () => {
      try {
        return await fetchCurrentUser();
      } catch (error) {
        console.error('Could not load the signed-in user; signing out.', error);
        clearToken();
        throw error;
      }
    },
    enabled: token !== null,
  });

  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const signOutLocally = useCallback(() => {
    clearToken();
    setTokenState(null);
    // Drop every cached response so the next account never sees this one's data.
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => onSessionExpired(signOutLocally), [signOutLocally]);

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const next = getToken();
      if (next === null) {
        setTokenState(null);
        queryClient.clear();
      } else {
        // Signed in in another tab: a sign-out here earlier no longer says where to go.
        setSignedOutByUser(false);
        setTokenState(next);
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const startSession = useCallback(
    ({ token: newToken, user }: AuthResponse) => {
      setToken(newToken);
      queryClient.setQueryData(currentUserKey, user);
      setTokenState(newToken);
      setSignedOutByUser(false);
      return user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (credentials: LoginRequest) => startSession(await loginRequest(credentials)),
    [startSession],
  );
  const signup = useCallback(
    async (account: SignupRequest) => startSession(await signupRequest(account)),
    [startSession],
  );
  const signInWithChatCode = useCallback(
    async (code: string) => startSession(await exchangeChatCode(code)),
    [startSession],
  );
  // Marked before the request: a page's own request refused once the server ended the session
  // (before its answer reaches here) signs out through onSessionExpired, and must go to '/' too.
  const logout = useCallback(async () => {
    setSignedOutByUser(true);
    try {
      await logoutRequest();
    } catch (error) {
      // Signing out locally must work even when the server cannot be reached.
      console.warn('Server-side logout failed; signing out locally.', error);
    }
    signOutLocally();
  }, [signOutLocally]);
  const logoutEverywhere = useCallback(async () => {
    setSignedOutByUser(true);
    try {
      await logoutEverywhereRequest();
    } catch (error) {
      // Unlike logout, a failure here must not look like success: other browsers would stay in.
      // (A refusal because this session was already over has signed out here: that stays.)
      if (getToken() !== null) setSignedOutByUser(false);
      throw error;
    }
    signOutLocally();
  }, [signOutLocally]);

  const value = useMemo<AuthContextValue>(() => {
    // A failed /users/me already removed the stored token (queryFn above): signed out.
    const signedIn = token !== null && !me.isError;
    return {
      user: signedIn ? (me.data ?? null) : null,
      loading: signedIn && me.isPending,
      signedOutByUser,
      login,
      signup,
      signInWithChatCode,
      logout,
      logoutEverywhere,
    };
  }, [token, me.isError, me.isPending, me.data, signedOutByUser, login, signup, signInWithChatCode, logout, logoutEverywhere]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
