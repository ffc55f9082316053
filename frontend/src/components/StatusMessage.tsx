import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A centred icon, heading and text with optional actions: the one look for empty,
 * not-found and failed-to-load states, so no page is ever blank.
 */
export function StatusMessage({
  icon,
  title,
  body,
  actions,
}: {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: { xs: 6, md: 10 },
        px: 2,
        color: 'text.secondary',
        '& > svg': { fontSize: 64, color: 'primary.light' },
      }}
    >
      {icon}
      <Typography variant="h5" component="h2" color="text.primary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {body && <Typography sx={{ maxWidth: 520 }}>{body}</Typography>}
      {actions && <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
