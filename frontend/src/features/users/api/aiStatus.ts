import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type AiStatus = components['schemas']['AiStatusRead'];
export type AiCheck = components['schemas']['AiCheckRead'];
export type ModeTrial = components['schemas']['ModeTrialRead'];

const aiStatusKey = ['ai', 'status'] as const;

/** GET /api/ai/status (admins): the connected model, how it is used, and its health. */
export function useAiStatus(enabled: boolean) {
  return useQuery({ queryKey: aiStatusKey, queryFn: async () => unwrap(await api.GET('/api/ai/status')), enabled });
}

/**
 * POST /api/ai/check (admins): Test connection. The server probes the model again and tries
 * every structured-output mode; what it finds is used from then on, so the status is refreshed.
 */
export function useCheckAiConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/ai/check')),
    onSuccess: (check) => queryClient.setQueryData(aiStatusKey, check.status),
  });
}
