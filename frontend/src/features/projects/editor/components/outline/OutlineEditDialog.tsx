import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { suggestOutlineEdits, type OutlineEdit } from '../../../api/ai';

/**
 * Spec §2 Outline flow, step 4: an instruction (Ctrl/Cmd+Enter submits), then a read-only
 * review of the suggested edits (path and JSON). Its confirm only closes it.
 */
export function OutlineEditDialog({ open, projectId, onClose }: { open: boolean; projectId: string; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      {open && <EditFlow projectId={projectId} onClose={onClose} />}
    </Dialog>
  );
}

function EditFlow({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const titleId = useId();
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [edits, setEdits] = useState<OutlineEdit[] | null>(null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!instruction.trim()) {
      setError(t('outline.instructionRequired'));
      return;
    }
    setError(null);
    setWorking(true);
    try {
      setEdits((await suggestOutlineEdits(projectId, instruction.trim())).edits);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
        <EditNoteIcon color="ai" />
        {edits ? t('outline.reviewTitle') : t('outline.editTitle')}
      </DialogTitle>
      <DialogContent dividers={edits !== null}>
        {edits === null ? (
          <TextField
            label={t('outline.editInstruction')}
            placeholder={t('outline.editPlaceholder')}
            value={instruction}
            onChange={(event) => {
              setInstruction(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
            }}
            error={error !== null}
            helperText={error ?? t('outline.editHelp')}
            multiline
            minRows={3}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        ) : edits.length === 0 ? (
          <Alert severity="info">{t('outline.noEdits')}</Alert>
        ) : (
          <Stack spacing={1.5} component="ol" sx={{ pl: 2.5, m: 0 }}>
            {edits.map((edit, index) => (
              <Box component="li" key={index}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" label={edit.op} color="secondary" />
                  <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{edit.path}</Typography>
                </Stack>
                <Box component="pre" sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {JSON.stringify(edit.value, null, 2)}
                </Box>
                {edit.reason && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {edit.reason}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {edits === null ? (
          <>
            <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
            <Button type="submit" variant="contained" color="ai" disabled={working} startIcon={working ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {working ? t('outline.suggesting') : t('outline.suggest')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose}>
            {t('outline.reviewDone')}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
