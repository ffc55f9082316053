import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { tagKeys } from './tagKeys';

type TagUpdate = components['schemas']['TagUpdate'];

/** PUT /api/tags/{id}: rename or (Admins only) change `public`. */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tagId, changes }: { tagId: string; changes: TagUpdate }) =>
      unwrap(await api.PUT('/api/tags/{tag_id}', { params: { path: { tag_id: tagId } }, body: changes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
