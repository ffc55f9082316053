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
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiAnswerOrigin } from '@/components/ai/aiCall';
import { useAiAction } from '@/components/ai/useAiAction';
import { isApiError } from '@/api/errors';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { suggestOutlineEdits, type OutlineEdit } from '../../../api/ai';
import { toggleMember } from '../../model';

interface OutlineEditDialogProps {
  open: boolean;
  projectId: string;
  onClose: () => void;
  /** Saves what is pending and returns the project version the suggestions will be made for. */
  onPrepare: () => Promise<number>;
  /**
   * Applies the ticked edits (all or none) against `version`: if the slides changed since, the
   * server refuses (`version_conflict`) rather than apply edits to the wrong slides. Rejects to
   * keep the dialog open with the error.
   */
  onApply: (edits: OutlineEdit[], version: number) => Promise<void>;
}

/** Edits that change positions: later edits' slide numbers assume they happened. */
const STRUCTURAL = new Set(['insert', 'delete', 'move']);

/**
 * Spec §2 Outline flow, step 4: an instruction (Ctrl/Cmd+Enter submits), then the review of the
 * suggested edits (path and JSON, with the reason). Its Close only closes it, as in the spec;
 * beyond the spec, the ticked edits can be applied in one step (undoable).
 */
export function OutlineEditDialog({ open, projectId, onClose, onPrepare, onApply }: OutlineEditDialogProps) {
  const [busy, setBusy] = useState(false);
  // While edits are being applied the dialog stays, so a failure has somewhere to be shown.
  const close = () => {
    if (!busy) onClose();
  };
  // The dialog itself is named by its title (screen readers announce it on opening).
  const titleId = useId();
  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby={titleId}>
      {open && <EditFlow titleId={titleId} projectId={projectId} onClose={close} onPrepare={onPrepare} onApply={onApply} onBusy={setBusy} />}
    </Dialog>
  );
}

function EditFlow({ titleId, projectId, onClose, onPrepare, onApply, onBusy }: Omit<OutlineEditDialogProps, 'open'> & { titleId: string; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ai = useAiAction();
  const working = ai.running;
  const [edits, setEdits] = useState<OutlineEdit[] | null>(null);
  // Who suggested the edits, and which parts the offline assistant completed.
  const [author, setAuthor] = useState<AiAnswerOrigin | null>(null);
  // What the assistant could not do (an instruction it did not understand), in the interface's language.
  const [notices, setNotices] = useState<string[]>([]);
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const [applying, setApplying] = useState(false);
  const [version, setVersion] = useState(0);
  // Unticking an insert, delete or move shifts the slides every later edit points at, so those
  // cannot be applied without it: they are unticked with it.
  const blockedAfter = edits?.findIndex((edit, index) => skipped.has(index) && STRUCTURAL.has(edit.op)) ?? -1;
  const blocked = (index: number) => blockedAfter >= 0 && index > blockedAfter;
  const chosen = edits?.filter((_, index) => !skipped.has(index) && !blocked(index)) ?? [];

  async function apply() {
    setApplying(true);
    onBusy(true);
    setError(null);
    try {
      await onApply(chosen, version);
    } catch (failure) {
      setError(isApiError(failure) && failure.errorCode === 'version_conflict' ? t('outline.editsStale') : describeError(failure));
    } finally {
      setApplying(false);
      onBusy(false);
    }
  }

  /** A one-line summary in the user's language; slide numbers are 1-based, as on screen. */
  function describeEdit(edit: OutlineEdit): string {
    const [, index, field] = edit.path.split('/');
    const position = index === '-' ? null : Number(index) + 1;
    if (edit.op === 'insert') return position === null ? t('outline.summary.insertEnd') : t('outline.summary.insert', { position });
    if (edit.op === 'delete') return t('outline.summary.delete', { position });
    if (edit.op === 'move') return t('outline.summary.move', { position, target: Number(edit.value) + 1 });
    if (field === 'contentDescription') return t('outline.summary.description', { position });
    if (field === 'pptxSlideNumber') return t('outline.summary.templateSlide', { position, number: String(edit.value) });
    return t('outline.summary.replace', { position });
  }

  const toggle = (index: number) => setSkipped((current) => toggleMember(current, index));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (working) return;
    if (!instruction.trim()) {
      setError(t('outline.instructionRequired'));
      return;
    }
    setError(null);
    const asked = instruction.trim();
    // A failure stays on `ai`, shown with the offline assistant to fall back on.
    await ai.run(async (options) => {
      // Suggested for the deck as saved: what is on screen, at a version the apply is checked against.
      const prepared = await onPrepare();
      const found = await suggestOutlineEdits(projectId, asked, options);
      setVersion(prepared);
      setEdits(found.edits);
      setAuthor(found);
      setNotices((found.notices ?? []).map((notice) => notice.message));
    });
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
        <EditNoteIcon color="ai" />
        {edits ? t('outline.reviewTitle') : t('outline.editTitle')}
      </DialogTitle>
      <DialogContent dividers={edits !== null}>
        {edits !== null && author && (
          <Box sx={{ mb: 1.5 }}>
            <AiAttribution provider={author.provider} fallbackFields={author.fallbackFields} droppedFacts={author.droppedFacts} />
          </Box>
        )}
        {edits === null && <AiActionStatus action={ai} sx={{ mt: 1, mb: 1 }} />}
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
          <Stack spacing={1.5}>
            {notices.length > 0 ? (
              notices.map((notice) => (
                <Alert key={notice} severity="warning">
                  {notice}
                </Alert>
              ))
            ) : (
              <Alert severity="info">{t('outline.noEdits')}</Alert>
            )}
          </Stack>
        ) : (
          <Stack spacing={1.5} component="ol" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {error && <Alert severity="error">{error}</Alert>}
            {notices.map((notice) => (
              <Alert key={notice} severity="info" component="li">
                {notice}
              </Alert>
            ))}
            {edits.map((edit, index) => (
              <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Checkbox
                  color="ai"
                  checked={!skipped.has(index) && !blocked(index)}
                  disabled={blocked(index)}
                  onChange={() => toggle(index)}
                  slotProps={{ input: { 'aria-label': t('outline.applyEdit', { position: index + 1, summary: describeEdit(edit) }) } }}
                  sx={{ p: 0.5 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
                      {index + 1}.
                    </Typography>
                    <Chip size="small" label={t(`outline.ops.${edit.op}`)} color="secondary" />
                    <Typography sx={{ fontWeight: 600 }}>{describeEdit(edit)}</Typography>
                    <Typography color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                      {edit.path}
                    </Typography>
                  </Stack>
                  {blocked(index) && (
                    <Typography variant="caption" color="warning.dark">
                      {t('outline.dependsOn', { position: blockedAfter + 1 })}
                    </Typography>
                  )}
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
            <Button type="submit" variant="contained" color="ai" disabled={working} startIcon={working ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
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
