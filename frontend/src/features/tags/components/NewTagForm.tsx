import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useCreateTag } from '../api/createTag';

/** The new-tag input with Add Tag. Blank names (after trimming) are ignored (spec §5). */
export function NewTagForm() {
  const { t } = useTranslation('tags');
  const createTag = useCreateTag();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setError(null);
    try {
      await createTag.mutateAsync(trimmed);
      setName('');
      notify(t('added'));
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
      <TextField
        label={t('newTag')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={createTag.isPending} sx={{ mt: 1.5, flexShrink: 0 }}>
        {t('add')}
      </Button>
    </Box>
  );
}
