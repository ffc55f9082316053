import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { formatDate, formatRelativeTime } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useEndOtherSignInSessions, useEndSignInSession, useSignInSessions, type SignInSession } from '../api/signInSessions';

/** "Chrome on Windows", "Windows 上的 Chrome": the server sends codes, named here per language. */
function useDeviceName() {
  const { t } = useTranslation('profile');
  return (session: SignInSession) =>
    t('sessions.device', { browser: t(`sessions.browsers.${session.browser}`), os: t(`sessions.systems.${session.os}`) });
}

/** Profile → Settings: every browser signed in to the account, each one can be ended (issue 17). */
export function SignInSessionsSection() {
  const { t } = useTranslation('profile');
  const { uiLanguage } = useLanguage();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const deviceName = useDeviceName();
  const sessions = useSignInSessions();
  const endOne = useEndSignInSession();
  const endOthers = useEndOtherSignInSessions();
  const [ending, setEnding] = useState<SignInSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  async function end(session: SignInSession) {
    try {
      await endOne.mutateAsync(session._id);
      notify(t('sessions.ended'));
    } catch (error) {
      notify(t('sessions.endFailed', { reason: describeError(error) }), 'error');
    } finally {
      setEnding(null);
    }
  }

  async function endAllOthers() {
    try {
      const count = await endOthers.mutateAsync();
      notify(t('sessions.endedOthers', { count }));
    } catch (error) {
      notify(t('sessions.endOthersFailed', { reason: describeError(error) }), 'error');
    } finally {
      setEndingOthers(false);
    }
  }

  const lastSeen = (session: SignInSession) => formatRelativeTime(session.lastSeenAt, uiLanguage) ?? '';
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  return (
    <>
      {sessions.isError && <Alert severity="error">{t('sessions.loadFailed', { reason: describeError(sessions.error) })}</Alert>}
      {sessions.data && sessions.data.length > 0 && (
        <List disablePadding aria-label={t('settings.sessions')}>
          {sessions.data.map((session) => (
            <ListItem key={session._id} divider disableGutters>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { xs: 'flex-start', sm: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {deviceName(session)}
                    </Typography>
                    {session.current && <Chip size="small" color="primary" variant="outlined" label={t('sessions.thisBrowser')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[
                      t('sessions.detail', { label: t('sessions.columns.method'), value: t(`sessions.methods.${session.method ?? 'unknown'}`) }),
                      t('sessions.detail', { label: t('sessions.columns.signedIn'), value: formatDate(session.createdAt, uiLanguage) ?? '' }),
                      t('sessions.detail', { label: t('sessions.columns.lastSeen'), value: lastSeen(session) }),
                    ].join(' · ')}
                  </Typography>
                </Box>
                {!session.current && (
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    aria-label={t('sessions.endLabel', { device: deviceName(session), lastSeen: lastSeen(session) })}
                    onClick={() => setEnding(session)}
                  >
                    {t('sessions.end')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {sessions.data && !hasOthers && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('sessions.onlyThis')}
        </Typography>
      )}
      <Button variant="outlined" disabled={!hasOthers} onClick={() => setEndingOthers(true)} sx={{ mt: 2 }}>
        {t('sessions.endOthers')}
      </Button>
      <ConfirmDialog
        open={ending !== null}
        title={t('sessions.endTitle')}
        body={t('sessions.endBody', { device: ending ? deviceName(ending) : '' })}
        confirmLabel={t('sessions.endConfirm')}
        destructive
        busy={endOne.isPending}
        onConfirm={() => ending && void end(ending)}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title={t('sessions.endOthersTitle')}
        body={t('sessions.endOthersBody')}
        confirmLabel={t('sessions.endOthers')}
        destructive
        busy={endOthers.isPending}
        onConfirm={() => void endAllOthers()}
        onCancel={() => setEndingOthers(false)}
      />
    </>
  );
}
