import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { currentUserKey } from '@/api/queryKeys';
import type { components } from '@/api/schema';
import { setToken } from '@/api/token';

export type PasswordChange = components['schemas']['PasswordChange'];

/**
 * PUT /api/users/me/password. The server revokes every older token and returns a fresh one,
 * which must replace the stored token or the next call would be signed out.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChange) => unwrap(await api.PUT('/api/users/me/password', { body })),
    onSuccess: ({ token, user }) => {
      setToken(token);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
