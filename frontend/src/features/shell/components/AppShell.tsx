import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '@/components/BrandMark';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { NavDrawer } from './NavDrawer';

interface AppShellProps {
  appTitle: string;
  /** Right-hand side of the top bar: the language selector and, when signed in, the account menu. */
  actions: ReactNode;
  children: ReactNode;
}

/** Top bar plus the collapsible drawer around every page except /, /login and /signup. */
export function AppShell({ appTitle, actions, children }: AppShellProps) {
  const { t } = useTranslation('shell');
  // Spec §4: the drawer starts collapsed.
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Phones get the drawer over the content (temporary), not beside it.
  const overlay = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={drawerOpen ? t('drawer.collapse') : t('drawer.expand')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen((open) => !open)}
            sx={{ mr: 1 }}
          >
            {drawerOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <Box
            component={RouterLink}
            to="/projects"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <BrandMark size={28} inverse />
            <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
              {appTitle}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          {actions}
        </Toolbar>
      </AppBar>
      <NavDrawer open={drawerOpen} overlay={overlay} onClose={() => setDrawerOpen(false)} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 4 }, outline: 'none' }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
