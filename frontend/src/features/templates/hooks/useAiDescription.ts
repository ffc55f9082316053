import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type { AiCallOptions } from '@/components/ai/aiCall';
import { useAiAction, type AiAction } from '@/components/ai/useAiAction';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { isAiUnavailable } from '../api/generateDescription';
import type { AiSuggestion } from '../types';

/** The AI answered with no text: nothing to show, so it counts as a failed generation. */
class EmptyDescriptionError extends Error {
  constructor() {
    super('empty_description');
  }
}

export interface AiDescription {
  /** The action (running, cancel, failure, offline retry), for `AiActionStatus`. */
  action: AiAction;
  /** A failure in the spec's words, for `AiActionStatus`'s `describe`. */
  describe: (error: unknown) => string;
  /**
   * Asks for a description and hands a non-empty one to `use`. A failure stays on `action` to
   * be shown (with "Use the offline assistant for this" when the server offers it, which asks
   * again and hands that answer to `use` too). Resolves to whether `use` got a description.
   */
  generate: (request: (options: AiCallOptions) => Promise<AiSuggestion>, use: (suggestion: AiSuggestion) => void | Promise<void>) => Promise<boolean>;
  busy: boolean;
}

/**
 * Runs an AI description request with the spec's messages: the translated "AI is not available"
 * note while no AI provider answers; a typed error (rate limit, unusable answer…) in the user's
 * language; 'Failed to generate description. Please try again.' for anything else.
 */
export function useAiDescription(): AiDescription {
  const { t } = useTranslation('templates');
  const describeError = useErrorMessage();
  const action = useAiAction();
  const { run } = action;

  const describe = useCallback(
    (error: unknown) => (isAiUnavailable(error) ? t('aiUnavailable') : isApiError(error) ? describeError(error, t('generateFailed')) : t('generateFailed')),
    [describeError, t],
  );

  const generate = useCallback<AiDescription['generate']>(
    (request, use) =>
      run(async (options) => {
        const suggestion = await request(options);
        const text = suggestion.text.trim();
        if (!text) throw new EmptyDescriptionError();
        await use({ ...suggestion, text });
      }),
    [run],
  );

  return { action, describe, generate, busy: action.running };
}
