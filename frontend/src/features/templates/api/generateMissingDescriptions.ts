import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { Job } from '@/components/media/useJobProgress';
import type { StoredLanguage } from '@/i18n/language';
import type { AiSuggestion } from '../types';

/**
 * POST /api/pptx-files/{id}/generate-missing-descriptions?lang=: Generate All Missing as a
 * background job; follow it with `useJobProgress` and read its suggestions with
 * `suggestionsOf`. Nothing is saved.
 */
export function useGenerateMissingDescriptions(templateId: string) {
  return useMutation({
    mutationFn: async (lang: StoredLanguage) =>
      unwrap(
        await api.POST('/api/pptx-files/{file_id}/generate-missing-descriptions', {
          params: { path: { file_id: templateId }, query: { lang } },
        }),
      ),
  });
}

/**
 * The suggestions of a succeeded Generate All Missing job, by slide number. The job's `result`
 * is untyped in the schema (`{ provider, descriptions: { "<slide number>": text } }`), so it is
 * read defensively: anything else yields no suggestion.
 */
export function suggestionsOf(job: Job): Map<number, AiSuggestion> {
  const result = job.result ?? {};
  const provider = typeof result.provider === 'string' ? result.provider : '';
  const descriptions = isRecord(result.descriptions) ? result.descriptions : {};
  const suggestions = new Map<number, AiSuggestion>();
  for (const [key, text] of Object.entries(descriptions)) {
    const slideNumber = Number(key);
    if (Number.isInteger(slideNumber) && typeof text === 'string' && text.trim()) suggestions.set(slideNumber, { text: text.trim(), provider });
  }
  return suggestions;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
