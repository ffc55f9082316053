import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from './BrandMark';
import { Copyright } from './Copyright';
import { LanguageSelector } from './LanguageSelector';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

interface AuthPageLayoutProps {
  appTitle: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Extra footer content next to the copyright line (the License Info button). */
  footerAction?: ReactNode;
}

/** The frame of the sign-in and sign-up pages, which have no app shell (spec §2). */
export function AuthPageLayout({ appTitle, title, subtitle, children, footerAction }: AuthPageLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', px: { xs: 2, sm: 4 }, py: 2 }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
        >
          <BrandMark />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {appTitle}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <LanguageSelector />
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ outline: 'none', flex: 1, display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Box
        component="footer"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, flexWrap: 'wrap', py: 3 }}
      >
        <Copyright />
        {footerAction}
      </Box>
    </Box>
  );
}
