import OfflineBoltOutlinedIcon from '@mui/icons-material/OfflineBoltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

interface AiFailureAlertProps {
  /** Why it failed, in the interface language. */
  message: string;
  /** Re-runs the same action with the offline assistant; the button shows only with it. */
  onUseOffline?: () => void;
  onDismiss?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * An AI action that failed, and (when the offline assistant can do the same) "Use the offline
 * assistant for this". The button sits below the text, so a phone does not squeeze it. Stays
 * until dismissed or run again: nothing that must be read or clicked disappears on a timer.
 */
export function AiFailureAlert({ message, onUseOffline, onDismiss, sx }: AiFailureAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      onClose={onDismiss}
      slotProps={{ closeButton: { title: t('closeNotification'), 'aria-label': t('closeNotification') } }}
      sx={[{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {message}
      {onUseOffline && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" variant="outlined" color="inherit" startIcon={<OfflineBoltOutlinedIcon />} onClick={onUseOffline}>
            {t('ai.useOffline')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
