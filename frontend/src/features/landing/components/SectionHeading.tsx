import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="h2" sx={{ fontWeight: 700, textAlign: 'center', mb: { xs: 4, md: 6 } }}>
      {children}
    </Typography>
  );
}
