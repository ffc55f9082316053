import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type SignupRequest = components['schemas']['SignupRequest'];

/** POST /api/auth/signup: creates the account and signs it in. */
export async function signup(body: SignupRequest) {
  return unwrap(await api.POST('/api/auth/signup', { body }));
}
