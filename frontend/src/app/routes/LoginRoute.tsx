import { useTranslation } from 'react-i18next';
import { ChatSignInButton, ChatSignInError } from '@/features/auth/components/ChatSignIn';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { AuthRoute } from './AuthRoute';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthRoute
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      form={(onSuccess) => (
        <>
          <ChatSignInError />
          <ChatSignInButton fallbackNext="/projects" />
          <LoginForm onSuccess={onSuccess} />
        </>
      )}
    />
  );
}
