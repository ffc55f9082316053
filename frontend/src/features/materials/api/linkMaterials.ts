import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeSessionError, requestHeaders } from '@/api/client';
import { apiErrorFromBody } from '@/api/errors';
import { materialKeys } from './materialKeys';

/**
 * POST /api/projects/{id}/materials/associate with `materialIds` from the library; the server
 * skips materials already in the project (spec §5). The projects work adds this endpoint; until
 * the generated schema has it, the call is made by hand here.
 */
async function associate(projectId: string, materialIds: string[]): Promise<void> {
  const headers = requestHeaders();
  const response = await fetch(`/api/projects/${encodeURIComponent(projectId)}/materials/associate`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ materialIds }),
  });
  if (response.ok) return;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML page: keep the text.
  }
  const error = apiErrorFromBody(response.status, body);
  noticeSessionError(error, 'Authorization' in headers);
  throw error;
}

export function useLinkMaterials(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialIds: string[]) => associate(projectId, materialIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
