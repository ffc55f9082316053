import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { isApiError } from '@/api/errors';

export function userQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', 'detail', userId],
    queryFn: async () => unwrap(await api.GET('/api/users/{user_id}', { params: { path: { user_id: userId } } })),
    // Retrying a 404 cannot help.
    retry: (failureCount, error) => !(isApiError(error) && error.status === 404) && failureCount < 2,
  });
}

/** GET /api/users/{id}: another user's public profile. */
export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
