import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

// Spec §1: the four-step flow.
const STEPS = ['account', 'create', 'edit', 'export'] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <SectionHeading>{t('howItWorks.title')}</SectionHeading>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 4 }}>
          {STEPS.map((step, index) => (
            <Box component="li" key={step} sx={{ textAlign: { xs: 'left', md: 'center' } }}>
              <Box
                aria-hidden
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 800,
                  fontSize: 20,
                  mb: 2,
                  mx: { md: 'auto' },
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="overline" color="text.secondary" sx={{ display: 'block' }}>
                {t('howItWorks.step', { number: index + 1 })}
              </Typography>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t(`howItWorks.${step}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`howItWorks.${step}.body`)}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
