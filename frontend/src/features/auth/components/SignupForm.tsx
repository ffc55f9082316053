import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/types';
import { signupErrorMessages } from '../authErrors';
import { useAuth } from '../hooks/authContext';
import { useAuthErrorTexts } from '../hooks/useAuthErrorTexts';
import { useAuthForm } from '../hooks/useAuthForm';
import { validateSignup } from '../validation';
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
        name="name"
        autoComplete="name"
        autoFocus
        value={form.values.name}
        onValueChange={(value) => form.setValue('name', value)}
        errorText={form.fieldError('name')}
      />
      <AuthTextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={form.values.email}
        onValueChange={(value) => form.setValue('email', value)}
        errorText={form.fieldError('email')}
      />
      <AuthTextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
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
        {t('signup.submit')}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('signup.haveAccount')}{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
          {t('signup.loginLink')}
        </Link>
      </Typography>
    </Box>
  );
}
