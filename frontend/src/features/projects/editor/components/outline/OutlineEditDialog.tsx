import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import { AiAttribution } from '@/components/ai/AiAttribution';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { suggestOutlineEdits, type OutlineEdit } from '../../../api/ai';
import { toggleMember } from '../../model';

interface OutlineEditDialogProps {
  open: boolean;
  projectId: string;
  onClose: () => void;
  /** Applies the ticked edits (all or none); rejects to keep the dialog open with the error. */
  onApply: (edits: OutlineEdit[]) => Promise<void>;
}

/**
 * Spec §2 Outline flow, step 4: an instruction (Ctrl/Cmd+Enter submits), then the review of the
 * suggested edits (path and JSON, with the reason). Its Close only closes it, as in the spec;
 * beyond the spec, the ticked edits can be applied in one step (undoable).
 */
export function OutlineEditDialog({ open, projectId, onClose, onApply }: OutlineEditDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      {open && <EditFlow projectId={projectId} onClose={onClose} onApply={onApply} />}
    </Dialog>
  );
}

function EditFlow({ projectId, onClose, onApply }: Omit<OutlineEditDialogProps, 'open'>) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const titleId = useId();
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [edits, setEdits] = useState<OutlineEdit[] | null>(null);
  const [provider, setProvider] = useState('');
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const [applying, setApplying] = useState(false);
  const chosen = edits?.filter((_, index) => !skipped.has(index)) ?? [];

  async function apply() {
    setApplying(true);
    setError(null);
    try {
      await onApply(chosen);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setApplying(false);
    }
  }

  const toggle = (index: number) => setSkipped((current) => toggleMember(current, index));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!instruction.trim()) {
      setError(t('outline.instructionRequired'));
      return;
    }
    setError(null);
    setWorking(true);
    try {
      const found = await suggestOutlineEdits(projectId, instruction.trim());
      setEdits(found.edits);
      setProvider(found.provider);
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
        <Box sx={{ flex: 1 }} />
        {edits && provider && <AiAttribution provider={provider} />}
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
          <Stack spacing={1.5} component="ol" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {error && <Alert severity="error">{error}</Alert>}
            {edits.map((edit, index) => (
              <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Checkbox
                  color="ai"
                  checked={!skipped.has(index)}
                  onChange={() => toggle(index)}
                  slotProps={{ input: { 'aria-label': t('outline.applyEdit', { position: index + 1 }) } }}
                  sx={{ p: 0.5 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
                      {index + 1}.
                    </Typography>
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
          <>
            <Button onClick={onClose} disabled={applying}>
              {t('outline.reviewDone')}
            </Button>
            {edits.length > 0 && (
              <Button variant="contained" color="ai" onClick={() => void apply()} loading={applying} disabled={chosen.length === 0}>
                {t('outline.applyEdits', { count: chosen.length })}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Box>
  );
}
