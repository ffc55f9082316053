import { useState } from 'react';

/**
 * The item a dialog acts on. It stays set while the dialog fades out, so the dialog's text does
 * not change mid-animation; `open` drives the dialog.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T; open: boolean } | null>(null);
  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    show: (target: T) => setState({ target, open: true }),
    close: () => setState((current) => current && { ...current, open: false }),
  };
}
