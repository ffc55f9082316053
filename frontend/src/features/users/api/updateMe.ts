import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { currentUserKey } from '@/api/queryKeys';
import type { components } from '@/api/schema';

export type UserUpdate = components['schemas']['UserUpdate'];

/** PUT /api/users/me; the answer replaces the signed-in user everywhere it is shown. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserUpdate) => unwrap(await api.PUT('/api/users/me', { body })),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
