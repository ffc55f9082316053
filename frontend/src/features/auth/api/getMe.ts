import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { currentUserKey } from '@/api/queryKeys';

/** GET /api/users/me. */
export async function fetchCurrentUser() {
  return unwrap(await api.GET('/api/users/me'));
}

/** Shared key: the profile page writes updated users into the same cache entry. */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
  staleTime: Infinity,
  // A failure signs the user out (spec §4); retrying would only delay that.
  retry: false,
});
