import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import type { ErrorTexts } from '../authErrors';

export function useAuthErrorTexts(fallback: 'errors.loginFailed' | 'errors.signupFailed'): ErrorTexts {
  const { t } = useTranslation('auth');
  const describe = useErrorMessage();
  return { describe, chatAccountTag: t('errors.chatAccountTag'), fallback: t(fallback) };
}
