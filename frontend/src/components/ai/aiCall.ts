import { isApiError } from '@/api/errors';

/**
 * What every AI operation of the API client takes besides its own arguments: `assistant:
 * 'offline'` has the built-in offline assistant answer instead of the connected model (the
 * server's `?assistant=offline`), and `signal` lets the user cancel the request.
 */
export interface AiCallOptions {
  assistant?: 'offline';
  signal?: AbortSignal;
}

/** One AI action, ready to run with the model or, after a failure, with the offline assistant. */
export type AiCall = (options: AiCallOptions) => Promise<unknown>;

/** The `assistant` query parameter for `options` (nothing when the model should answer). */
export function assistantQuery(options: AiCallOptions): { assistant?: 'offline' } {
  return options.assistant ? { assistant: options.assistant } : {};
}

/** What the server marks as something the offline assistant can do instead (`details.offlineAvailable`). */
export function offlineAvailable(error: unknown): boolean {
  return isApiError(error) && error.details.offlineAvailable === true;
}

/**
 * Codes meaning the connected model failed (not the request): a background job keeps only the
 * code, not the details, so its failure is judged by this. The offline assistant needs no model
 * and is not rate limited, so it can stand in for each of them.
 */
const MODEL_FAILURE_CODES = new Set(['ai_timeout', 'ai_unavailable', 'ai_bad_response', 'ai_rate_limited', 'ai_prompt_too_long']);

export function isModelFailureCode(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && MODEL_FAILURE_CODES.has(code);
}

/** The request was cancelled (fetch rejects with an AbortError DOMException). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Who made an answer, as every AI suggestion says: what `AiAttribution` shows. */
export interface AiAnswerOrigin {
  /** 'offline' (the built-in assistant) or 'openai_compat' (the connected model). */
  provider: string;
  /** Parts the offline assistant completed in the model's place ('*': all of it). */
  fallbackFields?: readonly string[];
  /** Numbers, dates and names of the model's that are in none of the user's inputs, left out. */
  droppedFacts?: readonly string[];
}
