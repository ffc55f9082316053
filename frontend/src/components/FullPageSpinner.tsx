import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Covers the page while authentication loads (spec §2), so no protected content flashes. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
