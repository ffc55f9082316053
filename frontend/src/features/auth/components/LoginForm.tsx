import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/types';
import { loginErrorMessages } from '../authErrors';
import { useAuth } from '../hooks/authContext';
import { useAuthErrorTexts } from '../hooks/useAuthErrorTexts';
import { useAuthForm } from '../hooks/useAuthForm';
import { validateLogin } from '../validation';
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
        name="email"
        autoComplete="email"
        autoFocus
        value={form.values.email}
        onValueChange={(value) => form.setValue('email', value)}
        errorText={form.fieldError('email')}
      />
      <AuthTextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onValueChange={(value) => form.setValue('password', value)}
        errorText={form.fieldError('password')}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={form.loading}
        startIcon={form.loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 2 }}
      >
        {t('login.submit')}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to="/signup" sx={{ fontWeight: 700 }}>
          {t('login.signUpLink')}
        </Link>
      </Typography>
    </Box>
  );
}
