import { api, unwrap } from '@/api/client';
import { isApiError } from '@/api/errors';
import { assistantQuery, offlineAvailable, type AiCallOptions } from '@/components/ai/aiCall';
import type { StoredLanguage } from '@/i18n/language';
import type { AiSuggestion } from '../types';

/**
 * Answers that mean "no AI here": the provider's `ai_unavailable`, or a server without the route
 * at all (404 `not_found`, 405). A missing template is `template_not_found`, which stays an error.
 */
const AI_MISSING_CODES = new Set(['ai_unavailable', 'not_found', 'http_404', 'http_405', 'http_501']);

export function isAiUnavailable(error: unknown): boolean {
  // A model that failed just now (the offline assistant can stand in) is not "no AI here".
  return isApiError(error) && AI_MISSING_CODES.has(error.errorCode) && !offlineAvailable(error) && !error.details.reason;
}

/** GET /api/pptx-files/{id}/generate-description?lang=: an AI-written file description (not saved). */
export async function generateTemplateDescription(templateId: string, lang: StoredLanguage, options: AiCallOptions = {}): Promise<AiSuggestion> {
  const answer = unwrap(
    await api.GET('/api/pptx-files/{file_id}/generate-description', {
      params: { path: { file_id: templateId }, query: { lang, ...assistantQuery(options) } },
      signal: options.signal,
    }),
  );
  return { text: answer.description, provider: answer.provider, fallbackFields: answer.fallbackFields, droppedFacts: answer.droppedFacts };
}

/** GET /api/pptx-files/{id}/slides/{n}/generate-description?lang=: an AI-written slide description (not saved). */
export async function generateSlideDescription(templateId: string, slideNumber: number, lang: StoredLanguage, options: AiCallOptions = {}): Promise<AiSuggestion> {
  const answer = unwrap(
    await api.GET('/api/pptx-files/{file_id}/slides/{slide_number}/generate-description', {
      params: { path: { file_id: templateId, slide_number: slideNumber }, query: { lang, ...assistantQuery(options) } },
      signal: options.signal,
    }),
  );
  return { text: answer.description, provider: answer.provider, fallbackFields: answer.fallbackFields, droppedFacts: answer.droppedFacts };
}
