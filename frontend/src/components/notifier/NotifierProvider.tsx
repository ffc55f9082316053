import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotifierContext } from './notifierContext';

export const SNACKBAR_AUTO_HIDE_MS = 6000;

interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
}

/** One snackbar for the whole app; a new notice replaces the current one. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback((message: string, severity: AlertColor = 'success') => {
    setNotice({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);

  function close(_event?: unknown, reason?: string) {
    // A click elsewhere on the page should not swallow the message before it was read.
    if (reason !== 'clickaway') setOpen(false);
  }

  return (
    <NotifierContext.Provider value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={close}
          severity={notice?.severity ?? 'success'}
          variant="filled"
          slotProps={{ closeButton: { title: t('closeNotification'), 'aria-label': t('closeNotification') } }}
          sx={{ width: '100%' }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifierContext.Provider>
  );
}
