import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { isTransient, type SessionState } from '../session';

/**
 * The save state, always in view: saved, unsaved (waiting for the debounce), saving, or not
 * saved with the reason and a Retry (edits stay on the page and in a local draft meanwhile).
 */
export function SaveIndicator({ state, onRetry }: { state: Pick<SessionState, 'dirty' | 'saving' | 'error'>; onRetry: () => void }) {
  const { t } = useTranslation('editor');
  const describeError = useErrorMessage();
  const { dirty, saving, error } = state;

  let icon = <CloudDoneOutlinedIcon fontSize="small" color="success" />;
  let label = t('save.saved');
  let color = 'text.secondary';
  if (saving) {
    icon = <CircularProgress size={14} thickness={5} />;
    label = t('save.saving');
  } else if (error && dirty) {
    icon = <CloudOffOutlinedIcon fontSize="small" color="error" />;
    label = isTransient(error) ? t('save.retrying') : t('save.failed');
    color = 'error.main';
  } else if (dirty) {
    icon = <EditNoteIcon fontSize="small" color="action" />;
    label = t('save.unsaved');
  }

  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 32 }}>
      <Tooltip title={error && dirty ? describeError(error) : ''}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          {icon}
          <Typography variant="body2" sx={{ color, fontWeight: 600, whiteSpace: 'nowrap' }}>
            {label}
          </Typography>
        </Box>
      </Tooltip>
      {error !== null && dirty && !saving && (
        <Button size="small" color="error" onClick={onRetry}>
          {t('save.retry')}
        </Button>
      )}
    </Box>
  );
}
