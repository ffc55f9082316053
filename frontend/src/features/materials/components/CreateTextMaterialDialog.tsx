import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useCreateTextMaterial } from '../api/createTextMaterial';

interface CreateTextMaterialDialogProps {
  open: boolean;
  onClose: () => void;
  projectId?: string;
}

type FieldErrors = { filename?: string; content?: string };

/** Create Text: a file name and its content, both required (spec §5). */
export function CreateTextMaterialDialog({ open, onClose, projectId }: CreateTextMaterialDialogProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const create = useCreateTextMaterial(projectId);
  const [filename, setFilename] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function reset() {
    setFilename('');
    setContent('');
    setErrors({});
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {
      filename: filename.trim() ? undefined : t('createText.filenameRequired'),
      content: content.trim() ? undefined : t('createText.contentRequired'),
    };
    setErrors(found);
    if (found.filename || found.content) return;
    setFailure(null);
    try {
      await create.mutateAsync({ filename: filename.trim(), content });
      notify(t('createText.created'));
      onClose();
    } catch (error) {
      setFailure(t('createText.failed', { reason: describeError(error) }));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('createText.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <TextField
              label={t('createText.filename')}
              value={filename}
              onChange={(event) => {
                setFilename(event.target.value);
                setErrors((current) => ({ ...current, filename: undefined }));
              }}
              required
              autoFocus
              error={Boolean(errors.filename)}
              helperText={errors.filename}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label={t('createText.content')}
              value={content}
              onChange={(event) => {
                setContent(event.target.value);
                setErrors((current) => ({ ...current, content: undefined }));
              }}
              required
              multiline
              minRows={8}
              maxRows={20}
              error={Boolean(errors.content)}
              helperText={errors.content}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('createText.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
