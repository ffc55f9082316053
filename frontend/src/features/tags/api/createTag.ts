import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { tagKeys } from './tagKeys';

/** POST /api/tags. New tags start private (spec §3: the payload is name plus public false). */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.POST('/api/tags', { body: { name, public: false } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
