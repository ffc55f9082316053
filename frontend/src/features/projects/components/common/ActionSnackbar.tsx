import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Snackbar auto-hide (spec §9). */
export const SNACKBAR_MS = 6000;

export interface SnackbarNotice {
  id: number;
  message: string;
  severity?: AlertColor;
  /** A button in the snackbar, e.g. Undo after moving a project to the trash. */
  action?: { label: string; onClick: () => void };
}

/**
 * A snackbar that can carry an action button (the app notifier only shows text). Keyed by the
 * notice id so a new notice restarts the timer.
 */
export function ActionSnackbar({ notice, onClose, children }: { notice: SnackbarNotice | null; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={SNACKBAR_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice?.severity ?? 'success'}
        variant="filled"
        onClose={onClose}
        slotProps={{ closeButton: { title: t('closeNotification'), 'aria-label': t('closeNotification') } }}
        action={
          notice?.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                notice.action?.onClick();
                onClose();
              }}
            >
              {notice.action.label}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {notice?.message}
        {children}
      </Alert>
    </Snackbar>
  );
}
