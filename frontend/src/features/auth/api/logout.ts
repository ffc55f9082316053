import { api } from '@/api/client';

/** POST /api/auth/logout: revokes every token of the user on the server. */
export async function logout(): Promise<void> {
  await api.POST('/api/auth/logout');
}
