import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useCreateSlideTemplate } from '../api/slideTemplates';

/** The type a new Template gets unless the user changes it (spec §9). A stored value, not a label. */
export const DEFAULT_TEMPLATE_TYPE = 'Custom';

interface CreateTemplateDialogProps {
  open: boolean;
  fileId: string;
  slideNumber: number;
  onClose: () => void;
}

/** Create Template (spec §2 File detail): name, description and type for one slide of the file. */
export function CreateTemplateDialog({ open, fileId, slideNumber, onClose }: CreateTemplateDialogProps) {
  const { t } = useTranslation('files');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const create = useCreateSlideTemplate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState(DEFAULT_TEMPLATE_TYPE);
  const [nameMissing, setNameMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    if (create.isPending) return;
    setName('');
    setDescription('');
    setType(DEFAULT_TEMPLATE_TYPE);
    setNameMissing(false);
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    setNameMissing(!trimmed);
    if (!trimmed) return;
    setFailure(null);
    try {
      await create.mutateAsync({
        name: trimmed,
        description: description.trim(),
        type: type.trim() || DEFAULT_TEMPLATE_TYPE,
        sourceFileId: fileId,
        sourceIndex: slideNumber,
      });
      notify(t('createTemplate.done', { name: trimmed }));
      close();
    } catch (error) {
      setFailure(describeError(error));
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('createTemplate.title', { number: slideNumber })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('createTemplate.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            error={nameMissing}
            helperText={nameMissing ? tErrors('codes.template_name_required') : ' '}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label={t('createTemplate.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <TextField
            label={t('createTemplate.type')}
            value={type}
            onChange={(event) => setType(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('createTemplate.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
