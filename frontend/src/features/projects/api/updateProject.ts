import { api, unwrap } from '@/api/client';
import type { ProjectUpdate } from '../types';

/**
 * PUT /api/projects/{id}: a partial update based on `body.version` (409 `version_conflict` when
 * stale). Only the editor shell calls this, so every change goes through its save queue.
 */
export async function putProject(projectId: string, body: ProjectUpdate) {
  return unwrap(await api.PUT('/api/projects/{project_id}', { params: { path: { project_id: projectId } }, body }));
}
