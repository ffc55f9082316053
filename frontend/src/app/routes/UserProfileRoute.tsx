import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { StatusMessage } from '@/components/StatusMessage';
import { useSignedInUser } from '@/features/auth/hooks/authContext';
import { useUser } from '@/features/users/api/getUser';
import { ProfilePage } from '@/features/users/components/ProfilePage';

/** /users/:userId: another user's read-only profile; one's own id goes to /profile. */
export function UserProfileRoute() {
  const { userId = '' } = useParams();
  const me = useSignedInUser();
  if (userId === me._id) return <Navigate to="/profile" replace />;
  return <OtherUserProfile userId={userId} />;
}

function OtherUserProfile({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const user = useUser(userId);
  if (user.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={tCommon('loading')} />
      </Box>
    );
  }
  if (user.isError) {
    const notFound = isApiError(user.error) && user.error.status === 404;
    return notFound ? (
      <StatusMessage icon={<PersonOffOutlinedIcon />} title={t('notFound')} />
    ) : (
      <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} />
    );
  }
  return <ProfilePage own={false} user={user.data} />;
}
