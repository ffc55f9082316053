import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { isAiUnavailable } from '../api/generateDescription';

/**
 * Runs an AI description request with the spec's messages: the translated "AI is not available"
 * note while no AI provider answers, 'Failed to generate description. Please try again.' for
 * other failures. Resolves with the text, or null when there is none to use.
 */
export function useAiDescription() {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function generate(request: () => Promise<string>): Promise<string | null> {
    setBusy(true);
    try {
      const text = (await request()).trim();
      if (!text) notify(t('generateFailed'), 'error');
      return text || null;
    } catch (error) {
      if (isAiUnavailable(error)) notify(t('aiUnavailable'), 'info');
      else notify(t('generateFailed'), 'error');
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { generate, busy };
}
