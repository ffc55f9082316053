import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { CSSObject, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { activeNavPath, NAV_ITEMS } from '../navItems';

/** Spec §9: 240 px when open; collapsed it is as wide as an icon button row. */
export const DRAWER_WIDTH = 240;

function widthStyles(theme: Theme, open: boolean): CSSObject {
  return {
    width: open ? DRAWER_WIDTH : `calc(${theme.spacing(7)} + 1px)`,
    overflowX: 'hidden',
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
    }),
  };
}

/**
 * The collapsible left navigation; collapsed it shows icons with tooltips (spec §2). On a phone
 * (`overlay`) it is a temporary drawer over the content instead: an icon rail and a 240 px
 * drawer beside a 390 px page would squeeze the page to a word per line.
 */
export function NavDrawer({ open, overlay = false, onClose }: { open: boolean; overlay?: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  const expanded = open || overlay;

  return (
    <Drawer
      variant={overlay ? 'temporary' : 'permanent'}
      open={open}
      onClose={onClose}
      // Over the page MUI makes the drawer a modal dialog, which a screen reader announces by its
      // name; docked it is a plain container, where a name is not allowed.
      slotProps={{ paper: overlay ? { 'aria-label': t('nav.label') } : {} }}
      sx={(theme) => ({
        flexShrink: 0,
        whiteSpace: 'nowrap',
        ...(overlay ? {} : widthStyles(theme, open)),
        '& .MuiDrawer-paper': { ...widthStyles(theme, expanded), bgcolor: 'background.paper' },
      })}
    >
      <Toolbar />
      <List component="nav" aria-label={t('nav.label')} sx={{ px: 1, pt: 1 }}>
        {NAV_ITEMS.map((item) => {
          const label = t(item.labelKey);
          const selected = item.path === active;
          return (
            <Tooltip key={item.path} title={expanded ? '' : label} placement="right" disableInteractive>
              <ListItemButton
                component={RouterLink}
                to={item.path}
                onClick={overlay ? onClose : undefined}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                aria-label={expanded ? undefined : label}
                sx={{
                  borderRadius: 2,
                  mb: 0.5,
                  minHeight: 44,
                  px: 1.25,
                  '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                  '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
                  '&.Mui-selected .MuiListItemIcon-root': { color: 'inherit' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center' }}>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={label}
                  sx={{ opacity: expanded ? 1 : 0, m: 0 }}
                  slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500 } } }}
                />
              </ListItemButton>
            </Tooltip>
          );
        })}
      </List>
    </Drawer>
  );
}
