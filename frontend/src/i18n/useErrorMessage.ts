import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type enErrors from './locales/en/errors.json';

export type KnownErrorCode = keyof typeof enErrors.codes;

// Values the backend may omit from `details` but our messages interpolate.
const DEFAULT_DETAILS = { minLength: 6 };

/**
 * `ai_unavailable` means two things to a user: no AI is set up for this (ask an administrator),
 * or the configured model failed just now (try again). The second carries the failure's reason.
 */
function codeForMessage(code: string, details: Record<string, unknown> | undefined): string {
  return code === 'ai_unavailable' && details?.reason ? 'ai_failed' : code;
}

/** The server says why a model failed in English (`reason`, for logs) and Chinese (`reasonZh`). */
function reasonIn(language: string, details: Record<string, unknown>): { reason?: unknown } {
  return language.startsWith('zh') && typeof details.reasonZh === 'string' ? { reason: details.reasonZh } : {};
}

/**
 * Turns any failure into a message in the interface language (CONVENTIONS 5): a known
 * `errorCode` is translated; an unknown one shows the server's (already localised) message or
 * the caller's fallback; a failure without a response is 'An unexpected error occurred'.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown, fallback?: string): string => {
      if (!isApiError(error)) return t('unexpected');
      const code = codeForMessage(error.errorCode, error.details);
      const key = `errors:codes.${code}`;
      if (i18n.exists(key)) {
        return t(`codes.${code as KnownErrorCode}`, { ...DEFAULT_DETAILS, ...error.details, ...reasonIn(i18n.language, error.details) });
      }
      return error.message || fallback || t('unexpected');
    },
    [t, i18n],
  );
}
