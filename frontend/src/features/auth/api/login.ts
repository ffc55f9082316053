import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type LoginRequest = components['schemas']['LoginRequest'];

/** POST /api/auth/login: the token and the user (the caller stores the token). */
export async function login(body: LoginRequest) {
  return unwrap(await api.POST('/api/auth/login', { body }));
}
