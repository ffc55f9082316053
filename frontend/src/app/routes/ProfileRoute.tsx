import { useSignedInUser } from '@/features/auth/hooks/authContext';
import { ProfilePage } from '@/features/users/components/ProfilePage';

export function ProfileRoute() {
  const user = useSignedInUser();
  return <ProfilePage own user={user} />;
}
