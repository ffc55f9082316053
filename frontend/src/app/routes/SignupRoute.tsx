import { useTranslation } from 'react-i18next';
import { SignupForm } from '@/features/auth/components/SignupForm';
import { AuthRoute } from './AuthRoute';

export function SignupRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthRoute
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      form={(onSuccess) => <SignupForm onSuccess={onSuccess} />}
    />
  );
}
