import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/BrandMark';
import { Copyright } from '@/components/Copyright';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../contact';

/** Contact email, phone and the copyright line (spec §2). */
export function LandingFooter({ appTitle }: { appTitle: string }) {
  const { t } = useTranslation('landing');
  return (
    <Box component="footer" sx={{ py: 5, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, alignItems: { md: 'center' } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <BrandMark size={28} />
          <Typography sx={{ fontWeight: 700 }}>{appTitle}</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ flex: 1, justifyContent: { md: 'center' } }} aria-label={t('footer.contact')}>
          <Link href={`mailto:${CONTACT_EMAIL}`} color="text.secondary" underline="hover" sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={`${t('footer.email')} ${CONTACT_EMAIL}`}>
            <EmailOutlinedIcon fontSize="small" />
            {CONTACT_EMAIL}
          </Link>
          <Link href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`} color="text.secondary" underline="hover" sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={`${t('footer.phone')} ${CONTACT_PHONE}`}>
            <PhoneOutlinedIcon fontSize="small" />
            {CONTACT_PHONE}
          </Link>
        </Stack>
        <Copyright />
      </Container>
    </Box>
  );
}
