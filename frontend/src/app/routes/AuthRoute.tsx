import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { User } from '@/api/types';
import { AuthPageLayout } from '@/components/AuthPageLayout';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { useAppTitle, useDocumentTitle, useMainHeading } from '@/features/app-config/hooks/useAppTitle';
import { returnPath } from '@/features/auth/returnPath';
import { useAuth } from '@/features/auth/hooks/authContext';
import { LicenseInfoButton } from '@/features/license/components/LicenseInfoButton';

/** Spec §2: both forms lead to /projects, or back to the page that sent the visitor here. */
const AFTER_SIGN_IN = '/projects';

interface AuthRouteProps {
  title: string;
  subtitle: string;
  form: (onSuccess: (user: User) => void) => ReactNode;
}

/** The frame shared by /login and /signup: signed-in visitors skip straight into the app. */
export function AuthRoute({ title, subtitle, form }: AuthRouteProps) {
  const appTitle = useAppTitle();
  useDocumentTitle(appTitle, useMainHeading());
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const destination = returnPath(location.state, AFTER_SIGN_IN);

  if (loading) return <FullPageSpinner />;
  if (user) return <Navigate to={destination} replace />;
  return (
    <AuthPageLayout appTitle={appTitle} title={title} subtitle={subtitle} footerAction={<LicenseInfoButton />}>
      {form(() => void navigate(destination, { replace: true }))}
    </AuthPageLayout>
  );
}
