import { PASSWORD_MIN_LENGTH } from '@/api/types';

/** Checks of the Change Password dialog (spec §5); values are `profile` i18n keys. */

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeProblem = 'password.required' | 'password.mismatch' | 'password.tooShort';

/** The first problem with the form, or null when it may be sent. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeProblem | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) return 'password.required';
  if (values.newPassword !== values.confirmPassword) return 'password.mismatch';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) return 'password.tooShort';
  return null;
}
