import { Outlet, useNavigate } from 'react-router';
import { LanguageSelector } from '@/components/LanguageSelector';
import { useAppTitle, useDocumentTitle, useMainHeading } from '@/features/app-config/hooks/useAppTitle';
import { useAuth } from '@/features/auth/hooks/authContext';
import { AccountMenu } from '@/features/shell/components/AccountMenu';
import { AppShell } from '@/features/shell/components/AppShell';

/** The app shell with the pieces other features provide: title, language, account. */
export function ShellLayout() {
  const appTitle = useAppTitle();
  useDocumentTitle(appTitle, useMainHeading());
  const { user, logout } = useAuth();
  const navigate = useNavigate();

  // Behind the route guard it already takes the user to '/' (RequireAuth); the shell also
  // frames public pages (docs, not found), where nothing else would.
  async function signOut() {
    await logout();
    await navigate('/', { replace: true });
  }

  return (
    <AppShell
      appTitle={appTitle}
      actions={
        <>
          <LanguageSelector color="inherit" />
          {user && (
            <AccountMenu
              userName={user.name}
              onProfile={() => void navigate('/profile')}
              onLogout={() => void signOut()}
            />
          )}
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
