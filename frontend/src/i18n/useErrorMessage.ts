import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type enErrors from './locales/en/errors.json';

export type KnownErrorCode = keyof typeof enErrors.codes;

// Values the backend may omit from `details` but our messages interpolate.
const DEFAULT_DETAILS = { minLength: 6 };

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
      const key = `errors:codes.${error.errorCode}`;
      if (i18n.exists(key)) {
        return t(`codes.${error.errorCode as KnownErrorCode}`, { ...DEFAULT_DETAILS, ...error.details });
      }
      return error.message || fallback || t('unexpected');
    },
    [t, i18n],
  );
}
