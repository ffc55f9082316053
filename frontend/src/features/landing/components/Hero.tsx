import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SlidePreview } from './SlidePreview';

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' }, gap: { xs: 5, md: 8 }, alignItems: 'center' }}>
        <Box>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2.25rem', sm: '3rem', md: '3.4rem' }, lineHeight: 1.15, letterSpacing: '-0.02em' }}
          >
            {t('hero.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 3, fontWeight: 400, lineHeight: 1.6 }}>
            {t('hero.subtitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
            <Button component={RouterLink} to="/login" variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
              {t('hero.getStarted')}
            </Button>
            {/* No demo video exists yet (spec §2: the button is disabled). */}
            <Button variant="outlined" size="large" startIcon={<PlayCircleOutlineIcon />} disabled>
              {t('hero.watchDemo')}
            </Button>
          </Stack>
        </Box>
        <SlidePreview />
      </Box>
    </Container>
  );
}
