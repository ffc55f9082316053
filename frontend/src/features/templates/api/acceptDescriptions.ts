import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { templateKeys } from './templateKeys';

/**
 * POST /api/pptx-files/{id}/accept-descriptions: saves several slide descriptions at once (spec
 * §2 Accept All Generated Descriptions). All or nothing: on failure no description changed.
 */
export function useAcceptDescriptions(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (descriptions: ReadonlyMap<number, string>) =>
      unwrap(
        await api.POST('/api/pptx-files/{file_id}/accept-descriptions', {
          params: { path: { file_id: templateId } },
          body: { descriptions: Object.fromEntries([...descriptions].map(([slideNumber, text]) => [String(slideNumber), text])) },
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(templateKeys.detail(templateId), updated);
      // The list's missing-description warnings follow the server's count.
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
