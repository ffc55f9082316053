import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { authTypeSuffix, loginErrorMessages, signupErrorMessages, type ErrorTexts } from './authErrors';

const texts: ErrorTexts = {
  describe: (error, fallback) =>
    error instanceof ApiError ? (KNOWN[error.errorCode] ?? (error.message || fallback || 'unexpected')) : 'unexpected',
  chatAccountTag: ' (Chat account)',
  fallback: 'An error occurred during login',
};
const KNOWN: Record<string, string> = {
  user_not_found: 'User not found',
  incorrect_password: 'Incorrect password',
  invalid_email: 'Invalid email address',
  email_already_exists: 'Email already in use',
  password_too_short: 'Password must be at least 6 characters',
};

describe('authTypeSuffix', () => {
  it('names chat accounts with the product tag', () => {
    expect(authTypeSuffix('chat', ' (Chat account)')).toBe(' (Chat account)');
  });
  it('adds nothing for local accounts or a missing type', () => {
    expect(authTypeSuffix('local', 'x')).toBe('');
    expect(authTypeSuffix(undefined, 'x')).toBe('');
  });
  it('shows other types raw', () => {
    expect(authTypeSuffix('ldap', 'x')).toBe(' (ldap)');
  });
});

describe('loginErrorMessages', () => {
  it('puts user_not_found on the email field', () => {
    expect(loginErrorMessages(new ApiError(404, 'user_not_found', 'User not found.'), texts)).toEqual({
      fields: { email: 'User not found' },
    });
  });

  it('puts incorrect_password on the password field with the auth-type suffix', () => {
    const error = new ApiError(401, 'incorrect_password', '', { authType: 'chat' });
    expect(loginErrorMessages(error, texts)).toEqual({ fields: { password: 'Incorrect password (Chat account)' } });
  });

  it('shows the server message in the banner for other codes', () => {
    expect(loginErrorMessages(new ApiError(500, 'boom', 'Server says no'), texts)).toEqual({
      fields: {},
      general: 'Server says no',
    });
  });

  it('falls back to the generic login message when the server gives none', () => {
    expect(loginErrorMessages(new ApiError(502, 'http_502', ''), texts).general).toBe('An error occurred during login');
  });

  it('reports a network failure as unexpected', () => {
    expect(loginErrorMessages(new TypeError('Failed to fetch'), texts).general).toBe('unexpected');
  });
});

describe('signupErrorMessages', () => {
  it.each([
    ['invalid_email', 'email', 'Invalid email address'],
    ['email_already_exists', 'email', 'Email already in use'],
    ['password_too_short', 'password', 'Password must be at least 6 characters'],
  ])('puts %s on the %s field', (code, field, message) => {
    expect(signupErrorMessages(new ApiError(422, code, ''), texts)).toEqual({ fields: { [field]: message } });
  });

  it('shows other failures in the banner', () => {
    expect(signupErrorMessages(new ApiError(403, 'license_user_limit', 'Seats taken'), texts)).toEqual({
      fields: {},
      general: 'Seats taken',
    });
  });
});
