import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type User } from '@/api/types';
import type { FormErrorMessages } from '../authErrors';
import { hasErrors, type FieldErrors, type ValidationKey } from '../validation';

interface AuthFormOptions<Field extends string> {
  initialValues: Record<Field, string>;
  validate: (values: Record<Field, string>) => FieldErrors<Field>;
  submit: (values: Record<Field, string>) => Promise<User>;
  mapError: (error: unknown) => FormErrorMessages<Field>;
  onSuccess: (user: User) => void;
}

/**
 * The state machine shared by the sign-in and sign-up forms (spec §4): submitting clears the
 * general and field errors and sets `loading`; validation failures never reach the server;
 * server failures land on a field or in the banner as the mapper decides.
 */
export function useAuthForm<Field extends string>(options: AuthFormOptions<Field>) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(options.initialValues);
  const [validationErrors, setValidationErrors] = useState<FieldErrors<Field>>({});
  const [serverErrors, setServerErrors] = useState<FormErrorMessages<Field>>({ fields: {} });
  const [loading, setLoading] = useState(false);

  function setValue(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function fieldError(field: Field): string | undefined {
    const key: ValidationKey | undefined = validationErrors[field];
    return key ? t(key, { minLength: PASSWORD_MIN_LENGTH }) : serverErrors.fields[field];
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setServerErrors({ fields: {} });
    const errors = options.validate(values);
    setValidationErrors(errors);
    if (hasErrors(errors)) return;
    setLoading(true);
    try {
      const user = await options.submit(values);
      options.onSuccess(user);
    } catch (error) {
      setServerErrors(options.mapError(error));
      setLoading(false);
    }
  }

  /** The props that bind an `AuthTextField` to one field: name, value, changes and error. */
  function field(name: Field) {
    return { name, value: values[name], onValueChange: (value: string) => setValue(name, value), errorText: fieldError(name) };
  }

  return { values, setValue, fieldError, field, generalError: serverErrors.general, loading, handleSubmit };
}
