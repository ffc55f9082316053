import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  /** Destructive confirmations are red. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where the focus goes when the dialog has closed and has nowhere else to go. A dialog that
   * opens when something finishes rather than on a click may find nothing focused (the button
   * that started it was disabled while it loaded), and then the focus would be lost on close.
   * When there was something to go back to, the focus goes there as usual.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Focuses `target` when the focus is on nothing or still inside the closed dialog's `container`. */
function returnFocusIfLost(container: HTMLElement, target: RefObject<HTMLElement | null> | undefined) {
  const active = container.ownerDocument.activeElement;
  if (target?.current && (!active || active === container.ownerDocument.body || container.contains(active))) target.current.focus();
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: (node: HTMLElement) => returnFocusIfLost(node, returnFocusTo) } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
