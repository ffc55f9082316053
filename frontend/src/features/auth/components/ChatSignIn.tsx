import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useAppConfig } from '@/api/appConfig';
import type { KnownErrorCode } from '@/i18n/useErrorMessage';
import { chatSignInStartUrl } from '../api/chatSignIn';
import { CHAT_SIGN_IN_FAILED } from '../chatSignIn';
import { returnPath } from '../returnPath';
import { FormBanner } from './FormBanner';

/**
 * Why the last chat sign-in failed: the server sends the browser to `/login?error=<errorCode>`.
 * A code without a translation still gets a translated, generic message.
 */
export function ChatSignInError() {
  const { t, i18n } = useTranslation(['errors', 'auth']);
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  // The generic seat-limit message names a number the redirect does not carry.
  if (code === 'license_user_limit') return <FormBanner message={t('auth:login.chatSeatLimit')} />;
  const known = /^[a-z_]{1,64}$/.test(code) && i18n.exists(`errors:codes.${code}`);
  const key = (known ? code : CHAT_SIGN_IN_FAILED) as KnownErrorCode;
  return <FormBanner message={t(`errors:codes.${key}`, { minLength: 6 })} />;
}

/**
 * "Sign in with {name}" when the server has chat sign-on configured (GET /api/app/config);
 * nothing otherwise. A plain link: the server redirects to the chat product's sign-in page.
 */
export function ChatSignInButton({ fallbackNext }: { fallbackNext: string }) {
  const { t } = useTranslation('auth');
  const config = useAppConfig().data;
  const location = useLocation();
  if (!config?.chatSsoEnabled) return null;
  const next = returnPath(location.state, fallbackNext);
  return (
    <>
      <Button
        fullWidth
        size="large"
        variant="outlined"
        startIcon={<ForumOutlinedIcon />}
        href={chatSignInStartUrl(next)}
        sx={{ mt: 1 }}
      >
        {t('login.chatButton', { name: config.chatSsoName ?? 'Chat' })}
      </Button>
      <Divider sx={{ my: 3, color: 'text.secondary' }}>{t('login.or')}</Divider>
    </>
  );
}
