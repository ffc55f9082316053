import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { projectKeys } from './projectKeys';

export async function fetchProject(projectId: string) {
  return unwrap(await api.GET('/api/projects/{project_id}', { params: { path: { project_id: projectId } } }));
}

/** GET /api/projects/{id}: the project with its slides and `version`. */
export function projectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(projectId),
    // Coming back to the tab loads what another tab saved; the editor adopts it when idle.
    refetchOnWindowFocus: true,
  });
}

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
