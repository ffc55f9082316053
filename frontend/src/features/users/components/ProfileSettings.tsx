import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE, CHAT_AUTH_TYPE, type User } from '@/api/types';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { AiStatusSection } from './AiStatusSection';
import { ApiTokensSection } from './ApiTokensSection';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { SignInSessionsSection } from './SignInSessionsSection';

function SettingsSection({ title, description, children }: { title: ReactNode; description: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The confirmed "sign out everywhere": every session of the account ends, this one too. */
function SignOutEverywhere({ onSignOutEverywhere }: { onSignOutEverywhere: () => Promise<void> }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onSignOutEverywhere();
    } catch (error) {
      notify(t('settings.signOutEverywhereFailed', { reason: describeError(error) }), 'error');
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setConfirming(true)}>
        {t('settings.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('settings.signOutEverywhereTitle')}
        body={t('settings.signOutEverywhereBody')}
        confirmLabel={t('settings.signOutEverywhere')}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** The own-profile Settings tab: password change, sessions, API tokens, the language switch and, for admins, the AI assistant. */
export function ProfileSettings({
  user,
  onSignOutEverywhere,
}: {
  user: User;
  onSignOutEverywhere: () => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const { uiLanguage, toggleLanguage } = useLanguage();
  const [passwordDialogOpen, setPasswordDialogOpen] = useState(false);
  // The chat product owns those accounts' passwords (spec §6).
  const passwordManagedElsewhere = user.authType === CHAT_AUTH_TYPE;

  return (
    <Stack spacing={3}>
      <SettingsSection title={t('settings.security')} description={t('settings.passwordHelp')}>
        {passwordManagedElsewhere && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('settings.passwordDisabledChat')}
          </Alert>
        )}
        <Button
          variant="outlined"
          startIcon={<LockResetIcon />}
          disabled={passwordManagedElsewhere}
          onClick={() => setPasswordDialogOpen(true)}
        >
          {t('settings.changePassword')}
        </Button>
        <ChangePasswordDialog open={passwordDialogOpen} onClose={() => setPasswordDialogOpen(false)} />
      </SettingsSection>
      <SettingsSection title={t('settings.sessions')} description={t('settings.sessionsHelp')}>
        <SignInSessionsSection />
        <Box sx={{ mt: 2 }}>
          <SignOutEverywhere onSignOutEverywhere={onSignOutEverywhere} />
        </Box>
      </SettingsSection>
      <SettingsSection title={t('tokens.title')} description={t('tokens.help')}>
        <ApiTokensSection />
      </SettingsSection>
      <SettingsSection title={t('settings.language')} description={t('settings.languageHelp')}>
        <FormControlLabel
          control={<Switch checked={uiLanguage === 'zh-CN'} onChange={toggleLanguage} />}
          label={tCommon('language.zh-CN')}
        />
      </SettingsSection>
      {user.role === ADMIN_ROLE && (
        <SettingsSection title={t('aiStatus.title')} description={t('aiStatus.help')}>
          <AiStatusSection />
        </SettingsSection>
      )}
    </Stack>
  );
}
