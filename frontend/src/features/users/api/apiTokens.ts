import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type ApiToken = components['schemas']['ApiTokenRead'];
export type ApiTokenCreate = components['schemas']['ApiTokenCreate'];
export type ApiTokenCreated = components['schemas']['ApiTokenCreated'];

const apiTokensKey = ['users', 'me', 'tokens'] as const;

/** GET /api/users/me/tokens: the caller's API tokens, never their secrets. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: async () => unwrap(await api.GET('/api/users/me/tokens')) });
}

/** POST /api/users/me/tokens: the answer carries the secret, the only time it is shown. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiTokenCreate) => unwrap(await api.POST('/api/users/me/tokens', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

/** DELETE /api/users/me/tokens/{id}: the token stops working at once. */
export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => {
      await api.DELETE('/api/users/me/tokens/{token_id}', { params: { path: { token_id: tokenId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
