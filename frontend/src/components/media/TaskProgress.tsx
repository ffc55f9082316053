import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface TaskProgressProps {
  /** What is happening, e.g. 'Uploading deck.pptx…' or 'Rendering thumbnails…'. */
  label: ReactNode;
  /** 0-100, shown as a number too; `null` for an indeterminate bar (queued, server-side work). */
  percent: number | null;
}

/** One labelled progress line for uploads and background jobs. */
export function TaskProgress({ label, percent }: TaskProgressProps) {
  const determinate = percent !== null;
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {determinate && (
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {`${Math.round(percent)}%`}
          </Typography>
        )}
      </Box>
      <LinearProgress
        // A fresh bar when switching modes: MUI animates the switch from the indeterminate sweep.
        key={determinate ? 'determinate' : 'indeterminate'}
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? percent : undefined}
        aria-label={typeof label === 'string' ? label : undefined}
      />
    </Box>
  );
}
