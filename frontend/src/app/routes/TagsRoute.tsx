import { useSignedInUser } from '@/features/auth/hooks/authContext';
import { TagsPage } from '@/features/tags/components/TagsPage';

export function TagsRoute() {
  return <TagsPage user={useSignedInUser()} />;
}
