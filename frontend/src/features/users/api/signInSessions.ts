import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type SignInSession = components['schemas']['SignInSessionRead'];

const signInSessionsKey = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: where the user is signed in, the most recently seen first. */
export function useSignInSessions() {
  return useQuery({ queryKey: signInSessionsKey, queryFn: async () => unwrap(await api.GET('/api/auth/sessions')) });
}

/** DELETE /api/auth/sessions/{id}: that browser is signed out on its next request. */
export function useEndSignInSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      await api.DELETE('/api/auth/sessions/{session_id}', { params: { path: { session_id: sessionId } } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInSessionsKey }),
  });
}

/** POST /api/auth/sessions/end-others: every session but this one ends; answers how many. */
export function useEndOtherSignInSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/auth/sessions/end-others')).ended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInSessionsKey }),
  });
}
