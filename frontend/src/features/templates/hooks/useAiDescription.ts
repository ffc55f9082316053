import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { isAiUnavailable } from '../api/generateDescription';
import type { AiSuggestion } from '../types';

/**
 * Runs an AI description request with the spec's messages: the translated "AI is not available"
 * note while no AI provider answers; a typed error (rate limit, unusable answer…) in the user's
 * language; 'Failed to generate description. Please try again.' for anything else. Resolves with
 * the suggestion, or null when there is none to use.
 */
export function useAiDescription() {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const [busy, setBusy] = useState(false);

  async function generate(request: () => Promise<AiSuggestion>): Promise<AiSuggestion | null> {
    setBusy(true);
    try {
      const suggestion = await request();
      const text = suggestion.text.trim();
      if (!text) notify(t('generateFailed'), 'error');
      return text ? { ...suggestion, text } : null;
    } catch (error) {
      if (isAiUnavailable(error)) notify(t('aiUnavailable'), 'info');
      else notify(isApiError(error) ? describeError(error, t('generateFailed')) : t('generateFailed'), 'error');
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { generate, busy };
}
