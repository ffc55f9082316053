import { useNavigate } from 'react-router';
import { useAuth, useSignedInUser } from '@/features/auth/hooks/authContext';
import { ProfilePage } from '@/features/users/components/ProfilePage';

export function ProfileRoute() {
  const user = useSignedInUser();
  const { logoutEverywhere } = useAuth();
  const navigate = useNavigate();

  // As with the account menu's sign-out: leave the protected page first, then end the sessions.
  async function signOutEverywhere() {
    await logoutEverywhere();
    await navigate('/');
  }

  return <ProfilePage own user={user} onSignOutEverywhere={signOutEverywhere} />;
}
