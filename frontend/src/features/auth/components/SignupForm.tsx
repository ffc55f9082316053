import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { signupErrorMessages } from '../authErrors';
import { useAuth } from '../hooks/authContext';
import { useAuthErrorTexts } from '../hooks/useAuthErrorTexts';
import { useAuthForm } from '../hooks/useAuthForm';
import { validateSignup } from '../validation';
import { AuthFormFooter } from './AuthFormFooter';
import { AuthTextField } from './AuthTextField';
import { FormBanner } from './FormBanner';

export function SignupForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const { signup } = useAuth();
  const errorTexts = useAuthErrorTexts('errors.signupFailed');
  const form = useAuthForm({
    initialValues: { name: '', email: '', password: '' },
    validate: validateSignup,
    submit: (values) =>
      signup({ name: values.name.trim(), email: values.email.trim(), password: values.password }),
    mapError: (error) => signupErrorMessages(error, errorTexts),
    onSuccess,
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit}>
      <FormBanner message={form.generalError} />
      <AuthTextField
        label={t('fields.name')}
        autoComplete="name"
        autoFocus
        {...form.field('name')}
      />
      <AuthTextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <AuthTextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <AuthFormFooter loading={form.loading} submitLabel={t('signup.submit')} question={t('signup.haveAccount')} linkLabel={t('signup.loginLink')} to="/login" />
    </Box>
  );
}
