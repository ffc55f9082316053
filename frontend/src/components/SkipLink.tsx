import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The id of each page's `<main>`, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content" (WCAG 2.4.1): the first stop of the keyboard on every page, out of
 * sight until focused, so a keyboard user need not tab through the top bar and the drawer.
 * A fragment link, with no script: the `<main>` it targets takes focus (tabIndex -1).
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        boxShadow: 3,
        '&:focus': { top: 8, outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
