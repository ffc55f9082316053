import { api, unwrap } from '@/api/client';
import type { Job } from './useJobProgress';

/**
 * POST /api/jobs/{id}/cancel: asks a job you started to stop. A queued job comes back
 * `cancelled`; a running one keeps running until its next check (between slides or batches),
 * then ends `cancelled` with what it finished in `result`. A job that already ended is 409
 * `job_finished` (its own outcome stands).
 */
export async function cancelJob(jobId: string): Promise<Job> {
  return unwrap(await api.POST('/api/jobs/{job_id}/cancel', { params: { path: { job_id: jobId } } }));
}
