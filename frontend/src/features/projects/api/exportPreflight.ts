import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type PreflightReport = components['schemas']['PreflightReport'];
export type PreflightSlide = components['schemas']['PreflightSlide'];
export type PreflightIssue = components['schemas']['PreflightIssue'];
export type PreflightIssueKind = PreflightIssue['kind'];

/**
 * GET /api/projects/{id}/export/preflight: what the export would lack, slide by slide. The
 * server runs the real fill to measure text, so this takes about as long as the export itself.
 */
export async function preflightExport(projectId: string): Promise<PreflightReport> {
  return unwrap(await api.GET('/api/projects/{project_id}/export/preflight', { params: { path: { project_id: projectId } } }));
}
