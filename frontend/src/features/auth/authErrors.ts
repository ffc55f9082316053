import { isApiError } from '@/api/errors';
import { CHAT_AUTH_TYPE } from '@/api/types';

/** Where a failed sign-in or sign-up shows its message (spec §8). */
export interface FormErrorMessages<Field extends string> {
  fields: Partial<Record<Field, string>>;
  general?: string;
}

/** What the mappers need from i18n, injected so they stay pure and testable. */
export interface ErrorTexts {
  /** The shared translator for any failure (known code, server message, fallback). */
  describe: (error: unknown, fallback?: string) => string;
  chatAccountTag: string;
  fallback: string;
}

/**
 * The suffix after 'Incorrect password' naming how the account signs in: the chat product's
 * tag for chat accounts, nothing for local ones, and the raw value for any other type.
 */
export function authTypeSuffix(authType: unknown, chatAccountTag: string): string {
  if (typeof authType !== 'string' || authType === '' || authType === 'local') return '';
  if (authType === CHAT_AUTH_TYPE) return chatAccountTag;
  return ` (${authType})`;
}

export function loginErrorMessages(error: unknown, texts: ErrorTexts): FormErrorMessages<'email' | 'password'> {
  if (isApiError(error)) {
    if (error.errorCode === 'user_not_found') return { fields: { email: texts.describe(error) } };
    if (error.errorCode === 'incorrect_password') {
      const suffix = authTypeSuffix(error.details.authType, texts.chatAccountTag);
      return { fields: { password: texts.describe(error) + suffix } };
    }
  }
  return { fields: {}, general: texts.describe(error, texts.fallback) };
}

const SIGNUP_FIELD_BY_CODE: Record<string, 'name' | 'email' | 'password'> = {
  invalid_email: 'email',
  email_already_exists: 'email',
  password_too_short: 'password',
  name_required: 'name',
};

export function signupErrorMessages(
  error: unknown,
  texts: ErrorTexts,
): FormErrorMessages<'name' | 'email' | 'password'> {
  const field = isApiError(error) ? SIGNUP_FIELD_BY_CODE[error.errorCode] : undefined;
  if (field) return { fields: { [field]: texts.describe(error) } };
  return { fields: {}, general: texts.describe(error, texts.fallback) };
}
