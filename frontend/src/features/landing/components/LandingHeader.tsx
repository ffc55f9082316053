import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/BrandMark';
import { LanguageSelector } from '@/components/LanguageSelector';

/** Brand on the left; the language selector at top right (spec §2). */
export function LandingHeader({ appTitle, actions }: { appTitle: string; actions?: ReactNode }) {
  return (
    <Box component="header" sx={{ py: 2 }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <BrandMark />
        <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
          {appTitle}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {actions}
        <LanguageSelector />
      </Container>
    </Box>
  );
}
