import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteProject } from '../../api/deleteProject';
import type { EditorSession } from '../../editor/session';
import { titleMatches } from './titleMatches';

/** Delete for good: type the title, then confirm (spec §2 Settings, §5). */
export function DangerZone({ projectId, title, session, onDeleted }: { projectId: string; title: string; session: EditorSession; onDeleted: () => void }) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const deleteProject = useDeleteProject();
  const titleId = useId();
  const [step, setStep] = useState<'closed' | 'type' | 'confirm'>('closed');
  const [typed, setTyped] = useState('');
  const matches = titleMatches(typed, title);

  async function deleteForever() {
    try {
      await deleteProject.mutateAsync({ projectId, hard: true });
      session.discard();
      notify(t('settings.deleted', { title }));
      onDeleted();
    } catch (error) {
      notify(describeError(error), 'error');
      setStep('closed');
    }
  }

  function proceed(event: FormEvent) {
    event.preventDefault();
    if (matches) setStep('confirm');
  }

  return (
    <Card sx={{ borderColor: 'error.main', p: 2.5 }}>
      <Typography variant="h6" component="h2" color="error" sx={{ fontWeight: 700 }}>
        {t('settings.dangerZone')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {t('settings.deleteExplanation')}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          onClick={() => {
            setTyped('');
            setStep('type');
          }}
        >
          {t('settings.deleteProject')}
        </Button>
      </Box>

      <Dialog open={step === 'type'} onClose={() => setStep('closed')} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <form onSubmit={proceed} noValidate>
          <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
            {t('settings.deleteProject')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('settings.typeTitle', { title })}</DialogContentText>
            <TextField
              label={t('settings.typeTitleLabel')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={typed.trim() !== '' && !matches}
              helperText={typed.trim() !== '' && !matches ? t('settings.nameMismatch') : ' '}
              autoFocus
              fullWidth
              autoComplete="off"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setStep('closed')}>{tCommon('actions.cancel')}</Button>
            <Button type="submit" variant="contained" color="error" disabled={!matches}>
              {t('settings.deleteProject')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={step === 'confirm'}
        title={t('settings.confirmTitle')}
        body={t('settings.confirmBody')}
        confirmLabel={t('settings.deleteForever')}
        destructive
        busy={deleteProject.isPending}
        onConfirm={() => void deleteForever()}
        onCancel={() => setStep('closed')}
      />
    </Card>
  );
}
