import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useApiTokens, useCreateApiToken, useDeleteApiToken, type ApiToken, type ApiTokenCreated } from '../api/apiTokens';

const EXPIRIES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];
type Scope = ApiToken['scope'];

/** The create dialog: name, access and expiry, then the secret, shown this once. */
function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  function reset() {
    setName('');
    setScope('read');
    setExpiry('90');
    setNameError(null);
    setFailure(null);
    setCreated(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setNameError(t('tokens.nameRequired'));
    setFailure(null);
    try {
      setCreated(
        await create.mutateAsync({ name: name.trim(), scope, expiresInDays: expiry === 'never' ? null : Number(expiry) }),
      );
    } catch (error) {
      setFailure(t('tokens.createFailed', { reason: describeError(error) }));
    }
  }

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify(t('tokens.copied'));
    } catch {
      notify(t('tokens.copyFailed'), 'warning');
    }
  }

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      {created ? (
        <>
          <DialogTitle id={titleId}>{t('tokens.createdTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('tokens.createdBody')}
            </Alert>
            <TextField
              label={t('tokens.secretLabel')}
              value={created.token}
              fullWidth
              autoFocus
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void copy(created.token)}>{t('tokens.copy')}</Button>
            <Button variant="contained" onClick={onClose}>
              {t('tokens.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{t('tokens.create')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextField
                label={t('tokens.name')}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(null);
                }}
                error={nameError !== null}
                helperText={nameError ?? t('tokens.nameHelp')}
                required
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <FormControl>
                <FormLabel id={`${titleId}-scope`}>{t('tokens.scope')}</FormLabel>
                <RadioGroup row aria-labelledby={`${titleId}-scope`} value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
                  <FormControlLabel value="read" control={<Radio />} label={t('tokens.scopes.read')} />
                  <FormControlLabel value="write" control={<Radio />} label={t('tokens.scopes.write')} />
                </RadioGroup>
              </FormControl>
              <TextField select label={t('tokens.expiry')} value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)} sx={{ maxWidth: 260 }}>
                {EXPIRIES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`tokens.expiries.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={create.isPending}>
              {tCommon('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('tokens.create')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

/** Profile → Settings: the user's API tokens, with create and revoke (spec'd in issue #14). */
export function ApiTokensSection() {
  const { t } = useTranslation('profile');
  const { uiLanguage } = useLanguage();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const tokens = useApiTokens();
  const remove = useDeleteApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  async function revoke(token: ApiToken) {
    try {
      await remove.mutateAsync(token._id);
      notify(t('tokens.revoked'));
    } catch (error) {
      notify(t('tokens.revokeFailed', { reason: describeError(error) }), 'error');
    } finally {
      setRevoking(null);
    }
  }

  const date = (value: string | null | undefined, fallback: string) => formatDate(value, uiLanguage) ?? fallback;

  return (
    <>
      {tokens.isError && <Alert severity="error">{t('tokens.loadFailed', { reason: describeError(tokens.error) })}</Alert>}
      {tokens.data && tokens.data.length === 0 && <Typography color="text.secondary">{t('tokens.none')}</Typography>}
      {tokens.data && tokens.data.length > 0 && (
        <List disablePadding aria-label={t('tokens.title')}>
          {tokens.data.map((token) => (
            <ListItem
              key={token._id}
              divider
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={t('tokens.revoke', { name: token.name })} onClick={() => setRevoking(token)}>
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Typography>
                    <Chip size="small" label={t(`tokens.scopes.${token.scope}`)} />
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {`${token.prefix}…`}
                    </Typography>
                  </Stack>
                }
                secondary={[
                  `${t('tokens.columns.created')}: ${date(token.createdAt, '')}`,
                  `${t('tokens.columns.expires')}: ${date(token.expiresAt, t('tokens.never'))}`,
                  `${t('tokens.columns.lastUsed')}: ${date(token.lastUsedAt, t('tokens.neverUsed'))}`,
                ].join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setCreating(true)} sx={{ mt: 2 }}>
        {t('tokens.create')}
      </Button>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('tokens.revokeTitle')}
        body={t('tokens.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('tokens.revokeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
