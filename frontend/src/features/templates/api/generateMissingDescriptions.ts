import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import { assistantQuery, type AiCallOptions } from '@/components/ai/aiCall';
import type { Job } from '@/components/media/useJobProgress';
import type { StoredLanguage } from '@/i18n/language';
import type { AiSuggestion } from '../types';

/**
 * POST /api/pptx-files/{id}/generate-missing-descriptions?lang=: Generate All Missing as a
 * background job; follow it with `useJobProgress` and read its suggestions with
 * `suggestionsOf`. Nothing is saved. `assistant: 'offline'` has the offline assistant write them.
 */
export function useGenerateMissingDescriptions(templateId: string) {
  return useMutation({
    mutationFn: async ({ lang, assistant }: { lang: StoredLanguage; assistant?: AiCallOptions['assistant'] }) =>
      unwrap(
        await api.POST('/api/pptx-files/{file_id}/generate-missing-descriptions', {
          params: { path: { file_id: templateId }, query: { lang, ...assistantQuery({ assistant }) } },
        }),
      ),
  });
}

/**
 * The suggestions of a succeeded Generate All Missing job, by slide number. The job's `result`
 * is untyped in the schema (`{ provider, descriptions: { "<slide number>": text },
 * fallbackSlides: [n] }`), so it is read defensively: anything else yields no suggestion. A slide
 * in `fallbackSlides` was described by the offline assistant in the model's place.
 */
export function suggestionsOf(job: Job): Map<number, AiSuggestion> {
  const result = job.result ?? {};
  const provider = typeof result.provider === 'string' ? result.provider : '';
  const descriptions = isRecord(result.descriptions) ? result.descriptions : {};
  const fromOffline = new Set(numbers(result.fallbackSlides));
  const suggestions = new Map<number, AiSuggestion>();
  for (const [key, text] of Object.entries(descriptions)) {
    const slideNumber = Number(key);
    if (!Number.isInteger(slideNumber) || typeof text !== 'string' || !text.trim()) continue;
    const offline = fromOffline.has(slideNumber) && provider !== 'offline';
    suggestions.set(slideNumber, offline ? { text: text.trim(), provider: 'offline', fallbackFields: ['*'] } : { text: text.trim(), provider });
  }
  return suggestions;
}

/** Slides a succeeded job could not describe (`failedSlides`), and why (`error`); null when none. */
export interface PartialFailure {
  slides: number[];
  error: ApiError;
}

export function partialFailureOf(job: Job): PartialFailure | null {
  const result = job.result ?? {};
  const slides = numbers(result.failedSlides);
  if (slides.length === 0) return null;
  const error = isRecord(result.error) ? result.error : {};
  const code = typeof error.errorCode === 'string' ? error.errorCode : 'job_failed';
  const message = typeof error.message === 'string' ? error.message : '';
  // The details (e.g. the reason a model failed) pick the right translated message.
  return { slides, error: new ApiError(200, code, message, isRecord(error.details) ? error.details : {}) };
}

/** How far a cancelled job got: the slides it described (`done`) out of those it was to describe. */
export interface CancelledRun {
  done: number;
  total: number;
}

/** A cancelled job's count; `total` is the server's (`result.total`), else `fallbackTotal`. */
export function cancelledRunOf(job: Job, fallbackTotal: number): CancelledRun {
  const done = suggestionsOf(job).size;
  const total = job.result?.total;
  return { done, total: Number.isInteger(total) && (total as number) >= done ? (total as number) : Math.max(done, fallbackTotal) };
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
