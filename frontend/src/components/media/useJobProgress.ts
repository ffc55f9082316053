import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { api, unwrap } from '@/api/client';
import { ApiError, isApiError } from '@/api/errors';
import type { components } from '@/api/schema';

export type Job = components['schemas']['JobRead'];
/** `idle` until there is a job id; the rest are the server's statuses. */
export type JobStatus = 'idle' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobProgress {
  status: JobStatus;
  /** 0-100 as the server reports it (100 once succeeded). */
  progress: number;
  /** The job's `errorCode` when it failed (or the polling call's, e.g. `not_found`). */
  errorCode: string | null;
  /** What to show for a failure: the polling call's `ApiError`, or one built from the job. */
  error: unknown;
  /** Queued or running: show a progress bar. */
  isActive: boolean;
  job: Job | undefined;
}

export interface JobProgressOptions {
  /** How often to ask while the job runs. Default 1000 ms. */
  intervalMs?: number;
  /** Called once per job when it ends, succeeded, failed or cancelled (refetch what it changed). */
  onSettled?: (job: Job) => void;
}

/** Every job query starts with this key. */
export const jobKeys = {
  all: ['jobs'] as const,
  detail: (jobId: string) => [...jobKeys.all, jobId] as const,
};

// A cancelled job ended at its owner's request; its `result` holds what it finished.
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Follows a background job (`GET /api/jobs/{id}`, e.g. a template's thumbnail rendering) until it
 * succeeds, fails or is cancelled. Pass `null` while there is no job; the hook then reports `idle`.
 */
export function useJobProgress(jobId: string | null | undefined, { intervalMs = 1000, onSettled }: JobProgressOptions = {}): JobProgress {
  const query = useQuery({
    queryKey: jobKeys.detail(jobId ?? ''),
    queryFn: async () => unwrap(await api.GET('/api/jobs/{job_id}', { params: { path: { job_id: jobId ?? '' } } })),
    enabled: Boolean(jobId),
    refetchInterval: (current) => (current.state.data && TERMINAL.has(current.state.data.status) ? false : intervalMs),
  });
  const job = jobId ? query.data : undefined;

  const settle = useEffectEvent((settled: Job) => onSettled?.(settled));
  const settledJobId = useRef<string | null>(null);
  useEffect(() => {
    if (job && TERMINAL.has(job.status) && settledJobId.current !== job._id) {
      settledJobId.current = job._id;
      settle(job);
    }
  }, [job]);

  if (!jobId) return { status: 'idle', progress: 0, errorCode: null, error: null, isActive: false, job: undefined };
  if (query.isError) {
    const errorCode = isApiError(query.error) ? query.error.errorCode : null;
    return { status: 'failed', progress: 0, errorCode, error: query.error, isActive: false, job };
  }
  if (!job) return { status: 'queued', progress: 0, errorCode: null, error: null, isActive: true, job };
  const status = (TERMINAL.has(job.status) || job.status === 'running' ? job.status : 'queued') as JobStatus;
  return {
    status,
    progress: status === 'succeeded' ? 100 : job.progress,
    errorCode: job.errorCode,
    error: status === 'failed' ? jobError(job) : null,
    isActive: status === 'queued' || status === 'running',
    job,
  };
}

/** A failed job as an error `useErrorMessage()` can translate (its code) or show (its message). */
function jobError(job: Job): ApiError {
  return new ApiError(200, job.errorCode ?? 'job_failed', job.errorMessage ?? '');
}
