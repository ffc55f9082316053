import { useAuth, useSignedInUser } from '@/features/auth/hooks/authContext';
import { ProfilePage } from '@/features/users/components/ProfilePage';

export function ProfileRoute() {
  const user = useSignedInUser();
  const { logoutEverywhere } = useAuth();
  // Signed out, the route guard takes the user to '/'.
  return <ProfilePage own user={user} onSignOutEverywhere={logoutEverywhere} />;
}
