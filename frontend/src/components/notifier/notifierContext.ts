import type { AlertColor } from '@mui/material/Alert';
import { createContext, useContext } from 'react';

export type Notify = (message: string, severity?: AlertColor) => void;

export const NotifierContext = createContext<Notify | null>(null);

/** Shows a snackbar that hides itself after 6 s (spec §9). */
export function useNotify(): Notify {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify must be used inside <NotifierProvider>');
  return notify;
}
