import { api } from '@/api/client';

/** POST /api/auth/logout: ends this browser's session; the user's other sessions stay. */
export async function logout(): Promise<void> {
  await api.POST('/api/auth/logout');
}

/** POST /api/auth/logout-everywhere: every token of the user stops working, this one too. */
export async function logoutEverywhere(): Promise<void> {
  await api.POST('/api/auth/logout-everywhere');
}
