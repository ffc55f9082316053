import { createContext, useContext } from 'react';
import type { User } from '@/api/types';
import type { LoginRequest } from '../api/login';
import type { SignupRequest } from '../api/signup';

export interface AuthContextValue {
  user: User | null;
  /** True while a stored token is being checked against /users/me. */
  loading: boolean;
  login: (credentials: LoginRequest) => Promise<User>;
  signup: (account: SignupRequest) => Promise<User>;
  logout: () => Promise<void>;
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
