import { PASSWORD_MIN_LENGTH } from '@/api/types';

/** Client-side checks of spec §5; values are i18n keys in the `auth` namespace. */

export type LoginField = 'email' | 'password';
export type SignupField = 'name' | LoginField;

export type ValidationKey =
  | 'validation.nameRequired'
  | 'validation.emailRequired'
  | 'validation.passwordRequired'
  | 'validation.passwordTooShort';

export type FieldErrors<Field extends string> = Partial<Record<Field, ValidationKey>>;

export function validateLogin(values: { email: string; password: string }): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (!values.email.trim()) errors.email = 'validation.emailRequired';
  if (!values.password) errors.password = 'validation.passwordRequired';
  return errors;
}

export function validateSignup(values: {
  name: string;
  email: string;
  password: string;
}): FieldErrors<SignupField> {
  const errors: FieldErrors<SignupField> = {};
  if (!values.name.trim()) errors.name = 'validation.nameRequired';
  if (!values.email.trim()) errors.email = 'validation.emailRequired';
  if (!values.password) errors.password = 'validation.passwordRequired';
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = 'validation.passwordTooShort';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
