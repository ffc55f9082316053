import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/queryClient';
import { apiErrorBody } from '@/testing/fetchMock';
import { useJobProgress, type Job } from './useJobProgress';

function aJob(overrides: Partial<Job>): Job {
  return {
    _id: 'J1',
    kind: 'templates.render_thumbnails',
    subjectId: 'T1',
    status: 'running',
    progress: 0,
    errorCode: null,
    errorMessage: null,
    result: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** Answers GET /api/jobs/J1 with the given replies in turn (the last one repeats). */
function stubJobReplies(replies: { status?: number; body: unknown }[]) {
  let call = 0;
  const fetchMock = vi.fn(async () => {
    const reply = replies[Math.min(call, replies.length - 1)]!;
    call += 1;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useJobProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is idle without a job id and asks nothing', () => {
    const fetchMock = stubJobReplies([{ body: aJob({}) }]);
    const { result } = renderHook(() => useJobProgress(null), { wrapper });
    expect(result.current).toMatchObject({ status: 'idle', isActive: false, progress: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls until the job succeeds, then stops and reports it once', async () => {
    const fetchMock = stubJobReplies([
      { body: aJob({ status: 'queued' }) },
      { body: aJob({ progress: 40 }) },
      { body: aJob({ status: 'succeeded', progress: 100 }) },
    ]);
    const onSettled = vi.fn();
    const { result } = renderHook(() => useJobProgress('J1', { intervalMs: 10, onSettled }), { wrapper });
    expect(result.current.isActive).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ progress: 100, isActive: false, errorCode: null });
    const calls = fetchMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(onSettled).toHaveBeenCalledOnce();
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ _id: 'J1', status: 'succeeded' });
  });

  it('reports a failed job with its error code', async () => {
    stubJobReplies([{ body: aJob({ status: 'failed', errorCode: 'render_timeout', errorMessage: 'too long' }) }]);
    const { result } = renderHook(() => useJobProgress('J1'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current).toMatchObject({ errorCode: 'render_timeout', isActive: false });
    expect(result.current.error).toMatchObject({ errorCode: 'render_timeout', message: 'too long' });
  });

  it('reports a job it may not see as failed', async () => {
    stubJobReplies([{ status: 404, body: apiErrorBody('job_not_found') }]);
    const { result } = renderHook(() => useJobProgress('J1'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.errorCode).toBe('job_not_found');
  });
});
