import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './passwordValidation';

describe('validatePasswordChange', () => {
  it('requires all three fields', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe(
      'password.required',
    );
  });

  it('rejects a confirmation that differs', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toBe(
      'password.mismatch',
    );
  });

  it('rejects a short new password', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' })).toBe(
      'password.tooShort',
    );
  });

  it('accepts a valid change', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
