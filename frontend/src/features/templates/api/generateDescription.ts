import { api } from '@/api/client';
import { isApiError } from '@/api/errors';

// The AI endpoints (spec §7) arrive with the AI issue and are not in the generated schema yet;
// the client takes any path at runtime, so they are called through this loosely typed view.
type LooseGet = (path: string, init: { params: { path: Record<string, string | number>; query: Record<string, string> } }) => Promise<{ data?: unknown }>;
const looseGet = api.GET as unknown as LooseGet;

/**
 * Answers that mean "no AI here": the provider's `ai_unavailable`, or a server without the route
 * at all (404 `not_found`, 405). A missing template is `template_not_found`, which stays an error.
 */
const AI_MISSING_CODES = new Set(['ai_unavailable', 'not_found', 'http_404', 'http_405', 'http_501']);

export function isAiUnavailable(error: unknown): boolean {
  return isApiError(error) && AI_MISSING_CODES.has(error.errorCode);
}

function descriptionOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'description' in data && typeof data.description === 'string') return data.description;
  return '';
}

/** GET /api/pptx-files/{id}/generate-description?lang=: an AI-written file description. */
export async function generateTemplateDescription(templateId: string, lang: string): Promise<string> {
  const { data } = await looseGet('/api/pptx-files/{file_id}/generate-description', {
    params: { path: { file_id: templateId }, query: { lang } },
  });
  return descriptionOf(data);
}

/** GET /api/pptx-files/{id}/slides/{n}/generate-description?lang=: an AI-written slide description. */
export async function generateSlideDescription(templateId: string, slideNumber: number, lang: string): Promise<string> {
  const { data } = await looseGet('/api/pptx-files/{file_id}/slides/{slide_number}/generate-description', {
    params: { path: { file_id: templateId, slide_number: slideNumber }, query: { lang } },
  });
  return descriptionOf(data);
}
