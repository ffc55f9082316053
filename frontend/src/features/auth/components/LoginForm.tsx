import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { loginErrorMessages } from '../authErrors';
import { useAuth } from '../hooks/authContext';
import { useAuthErrorTexts } from '../hooks/useAuthErrorTexts';
import { useAuthForm } from '../hooks/useAuthForm';
import { validateLogin } from '../validation';
import { AuthFormFooter } from './AuthFormFooter';
import { AuthTextField } from './AuthTextField';
import { FormBanner } from './FormBanner';

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const errorTexts = useAuthErrorTexts('errors.loginFailed');
  const form = useAuthForm({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    submit: (values) => login({ email: values.email.trim(), password: values.password }),
    mapError: (error) => loginErrorMessages(error, errorTexts),
    onSuccess,
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('login.chatNote')}
      </Typography>
      <FormBanner message={form.generalError} />
      <AuthTextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        {...form.field('email')}
      />
      <AuthTextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <AuthFormFooter loading={form.loading} submitLabel={t('login.submit')} question={t('login.noAccount')} linkLabel={t('login.signUpLink')} to="/signup" />
    </Box>
  );
}
