import { createContext, useContext } from 'react';
import type { User } from '@/api/types';
import type { LoginRequest } from '../api/login';
import type { SignupRequest } from '../api/signup';

export interface AuthContextValue {
  user: User | null;
  /** True while a stored token is being checked against /users/me. */
  loading: boolean;
  /**
   * True once the user signed out here (logout or logoutEverywhere), until the next sign-in:
   * the route guard then goes to '/' as the spec asks, instead of to /login as for a session
   * that expired.
   */
  signedOutByUser: boolean;
  login: (credentials: LoginRequest) => Promise<User>;
  signup: (account: SignupRequest) => Promise<User>;
  /** Finishes a chat sign-on: trades the callback's one-time code for a session. */
  signInWithChatCode: (code: string) => Promise<User>;
  /** Ends this browser's session only. */
  logout: () => Promise<void>;
  /** Ends every session of the user (rejects, staying signed in, when the server refuses). */
  logoutEverywhere: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The signed-in user, for pages behind <RequireAuth> where one always exists. */
export function useSignedInUser() {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is only for routes behind <RequireAuth>');
  return user;
}
