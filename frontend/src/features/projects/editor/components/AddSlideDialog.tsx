import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Add a slide at a position: a description is required (spec §5). */
export function AddSlideDialog({ index, total, onClose, onAdd }: { index: number | null; total: number; onClose: () => void; onAdd: (index: number, description: string) => void }) {
  // The dialog itself is named by its title (screen readers announce it on opening).
  const titleId = useId();
  return (
    <Dialog open={index !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {index !== null && <AddSlideForm titleId={titleId} index={index} total={total} onClose={onClose} onAdd={onAdd} />}
    </Dialog>
  );
}

function AddSlideForm({ titleId, index, total, onClose, onAdd }: { titleId: string; index: number; total: number; onClose: () => void; onAdd: (index: number, description: string) => void }) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!description.trim()) {
      setError(t('add.descriptionRequired'));
      return;
    }
    onAdd(index, description);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {index >= total ? t('add.titleEnd') : t('add.title', { position: index + 1 })}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t('add.description')}
          placeholder={t('description.placeholder')}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
          }}
          error={error !== null}
          helperText={error ?? t('add.help')}
          multiline
          minRows={3}
          autoFocus
          fullWidth
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained">
          {t('add.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
