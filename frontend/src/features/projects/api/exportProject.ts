import { api } from '@/api/client';

/**
 * GET /api/projects/{id}/export: the deck as a .pptx. Read as a blob (the client parses JSON
 * otherwise); errors still arrive as ApiError through the client's middleware.
 */
export async function exportProject(projectId: string): Promise<Blob> {
  const { data } = await api.GET('/api/projects/{project_id}/export', { params: { path: { project_id: projectId } }, parseAs: 'blob' });
  return data as Blob;
}
