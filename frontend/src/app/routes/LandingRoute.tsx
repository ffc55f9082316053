import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppTitle, useDocumentTitle } from '@/features/app-config/hooks/useAppTitle';
import { useAuth } from '@/features/auth/hooks/authContext';
import { LandingPage } from '@/features/landing/components/LandingPage';

export function LandingRoute() {
  const { t } = useTranslation('landing');
  const { t: tShell } = useTranslation('shell');
  const appTitle = useAppTitle();
  useDocumentTitle(appTitle);
  const { user } = useAuth();
  // Signed-in visitors get a way straight back into the app.
  const headerAction = user ? (
    <Button component={RouterLink} to="/projects" variant="outlined">
      {tShell('nav.projects')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login">
      {t('signIn')}
    </Button>
  );
  return <LandingPage appTitle={appTitle} headerActions={headerAction} />;
}
