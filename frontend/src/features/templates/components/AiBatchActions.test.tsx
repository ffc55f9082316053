import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import type { JobProgress } from '@/components/media/useJobProgress';
import { renderWithProviders } from '@/testing/render';
import type { GeneratedDescriptions } from '../hooks/useGeneratedDescriptions';
import { AiBatchNotice } from './AiBatchActions';

const idle: JobProgress = { status: 'idle', progress: 0, errorCode: null, error: null, isActive: false, job: undefined };

function aBatch(overrides: Partial<GeneratedDescriptions> = {}): GeneratedDescriptions {
  return {
    pending: new Map(),
    generateAll: vi.fn(async () => {}),
    starting: false,
    job: idle,
    jobSlideCount: 3,
    dismissFailure: vi.fn(),
    cancel: vi.fn(async () => {}),
    cancelling: false,
    cancelled: null,
    dismissCancelled: vi.fn(),
    partialFailure: null,
    dismissPartialFailure: vi.fn(),
    discard: vi.fn(),
    acceptAll: vi.fn(async () => {}),
    acceptingAll: false,
    ...overrides,
  };
}

describe('AiBatchNotice (Generate All Missing)', () => {
  afterEach(() => window.localStorage.clear());

  it('offers the offline assistant when the model failed the job', async () => {
    const failed: JobProgress = { ...idle, status: 'failed', errorCode: 'ai_timeout', error: new ApiError(200, 'ai_timeout', 'x') };
    const batch = aBatch({ job: failed });
    renderWithProviders(<AiBatchNotice batch={batch} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Generate All Missing failed: The AI model did not finish in time.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Use the offline assistant for this' }));
    expect(batch.generateAll).toHaveBeenCalledWith('offline');
  });

  it('does not offer it for a failure that is not the model’s', () => {
    const failed: JobProgress = { ...idle, status: 'failed', errorCode: 'internal_error', error: new ApiError(200, 'internal_error', 'x') };
    renderWithProviders(<AiBatchNotice batch={aBatch({ job: failed })} />);
    expect(screen.queryByRole('button', { name: 'Use the offline assistant for this' })).not.toBeInTheDocument();
  });

  it('keeps what finished and names the slides that could not be described, with the offline assistant for them', async () => {
    const batch = aBatch({
      pending: new Map([[1, { text: 'Title slide', provider: 'openai_compat' }]]),
      partialFailure: { slides: [2, 3], error: new ApiError(200, 'ai_bad_response', 'x') },
    });
    renderWithProviders(<AiBatchNotice batch={batch} />);
    expect(screen.getByText(/^Slides 2, 3 could not be described: The AI model gave an answer that could not be used\./)).toBeInTheDocument();
    expect(screen.getByText(/1 AI suggestion is waiting for your review/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the offline assistant for this' }));
    expect(batch.generateAll).toHaveBeenCalledWith('offline');
  });

  it('cancels a running job, then says it finishes its current batch first', async () => {
    const running: JobProgress = { ...idle, status: 'running', progress: 40, isActive: true };
    const batch = aBatch({ job: running });
    renderWithProviders(<AiBatchNotice batch={batch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Generate All Missing' }));
    expect(batch.cancel).toHaveBeenCalled();
    cleanup();
    renderWithProviders(<AiBatchNotice batch={{ ...batch, cancelling: true }} />);
    expect(screen.getByRole('progressbar', { name: 'Cancelling… the slides being described now finish first.' })).toBeInTheDocument();
  });

  it('says how far a cancelled job got, until dismissed', async () => {
    const batch = aBatch({ cancelled: { done: 6, total: 14 } });
    renderWithProviders(<AiBatchNotice batch={batch} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cancelled: 6 of 14 slides were described. Generate All Missing continues with the rest.');
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(batch.dismissCancelled).toHaveBeenCalled();
  });

  it('says it in Chinese', () => {
    window.localStorage.setItem('lang', 'zh-CN');
    renderWithProviders(<AiBatchNotice batch={aBatch({ cancelled: { done: 6, total: 14 } })} />);
    expect(screen.getByRole('status')).toHaveTextContent('已取消：14 页中已有 6 页生成了描述。');
  });
});
