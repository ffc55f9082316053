import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { useNotify } from '@/components/notifier/notifierContext';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUpdateMe } from '../api/updateMe';
import { ReadOnlyField } from './ReadOnlyField';

/**
 * The own profile's fields: the name is editable through Edit Profile, then Save Changes or
 * Cancel; the email is read-only (spec §2 Profile).
 */
export function OwnProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const { uiLanguage } = useLanguage();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const updateMe = useUpdateMe();
  const [draft, setDraft] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const editing = draft !== null;
  const blank = editing && draft.trim() === '';

  function startEditing() {
    setDraft(user.name);
    // The input turns editable on the next render; focus it then.
    requestAnimationFrame(() => nameInput.current?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null || blank) return;
    const name = draft.trim();
    if (name === user.name) {
      setDraft(null);
      return;
    }
    try {
      await updateMe.mutateAsync({ name });
      setDraft(null);
      notify(t('updated'));
    } catch (error) {
      notify(t('updateFailedWithReason', { reason: describeError(error) }), 'error');
    }
  }

  return (
    <Box component="form" onSubmit={save} noValidate>
      <TextField
        label={t('fields.name')}
        value={editing ? draft : user.name}
        onChange={(event) => setDraft(event.target.value)}
        fullWidth
        margin="normal"
        required={editing}
        error={blank}
        helperText={blank ? t('nameRequired') : undefined}
        inputRef={nameInput}
        slotProps={{ input: { readOnly: !editing, disableUnderline: !editing }, htmlInput: { maxLength: 200 } }}
      />
      <ReadOnlyField label={t('fields.email')} value={user.email} helperText={t('emailReadOnly')} />
      <ReadOnlyField label={t('fields.memberSince')} value={formatDate(user.createdAt, uiLanguage) ?? ''} />
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        {/* Distinct keys: the click on Edit must not land on a freshly rendered submit button. */}
        {editing ? (
          <>
            <Button key="save" type="submit" variant="contained" disabled={blank || updateMe.isPending}>
              {t('actions.save')}
            </Button>
            <Button key="cancel" onClick={() => setDraft(null)} disabled={updateMe.isPending}>
              {t('actions.cancel')}
            </Button>
          </>
        ) : (
          <Button key="edit" variant="outlined" onClick={startEditing}>
            {t('actions.edit')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
