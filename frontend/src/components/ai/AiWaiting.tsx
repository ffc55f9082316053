import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useElapsedSeconds } from './aiTiming';

interface AiWaitingProps {
  startedAt: number;
  /** The action's deadline on the server (`aiDeadlineSeconds`). */
  deadlineSeconds: number;
  onCancel: () => void;
  /** Cancel's accessible name when several waits show at once (default "Cancel waiting for the AI model"). */
  cancelLabel?: string;
}

/**
 * "Waiting for the AI model… 12 s of at most 90 s", a bar filling towards the deadline, and
 * Cancel. Not a live region: it changes every second; AiActionStatus announces it now and then.
 */
export function AiWaiting({ startedAt, deadlineSeconds, onCancel, cancelLabel }: AiWaitingProps) {
  const { t } = useTranslation();
  // The server may answer a little after its deadline (the network): the count stops there.
  const elapsed = Math.min(useElapsedSeconds(startedAt), deadlineSeconds);
  const text = t('ai.waiting', { elapsed, deadline: deadlineSeconds });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', width: '100%' }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5, fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Typography>
        <LinearProgress
          variant="determinate"
          color="ai"
          value={(100 * elapsed) / deadlineSeconds}
          aria-label={t('ai.waitingLabel')}
          aria-valuetext={text}
        />
      </Box>
      <Button size="small" variant="outlined" color="inherit" startIcon={<CloseIcon />} onClick={onCancel} aria-label={cancelLabel ?? t('ai.cancelLabel')}>
        {t('ai.cancel')}
      </Button>
    </Box>
  );
}
