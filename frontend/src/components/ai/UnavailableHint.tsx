import Tooltip from '@mui/material/Tooltip';
import { useId, type ReactElement } from 'react';

/**
 * A control the server cannot serve yet, shown disabled with the reason and how to enable it.
 * A disabled button takes no focus or hover, so the tooltip sits on a focusable wrapper and the
 * reason is also linked as the wrapper's description for screen readers.
 */
export function UnavailableHint({ unavailable, hint, children }: { unavailable: boolean; hint: string; children: ReactElement }) {
  const hintId = useId();
  if (!unavailable) return children;
  return (
    <Tooltip title={<span id={hintId}>{hint}</span>} describeChild>
      <span tabIndex={0} aria-describedby={hintId} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
