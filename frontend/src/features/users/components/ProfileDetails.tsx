import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE, CHAT_AUTH_TYPE, type PublicUser, type User } from '@/api/types';
import { OwnProfileForm } from './OwnProfileForm';
import { ReadOnlyField } from './ReadOnlyField';

type ProfileDetailsProps = { own: true; user: User } | { own: false; user: PublicUser };

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Chinese names have no spaces: their first character is the usual avatar letter.
  const letters = words.length > 1 ? (words[0]?.[0] ?? '') + (words.at(-1)?.[0] ?? '') : (words[0]?.[0] ?? '?');
  return letters.toUpperCase();
}

export function ProfileDetails(props: ProfileDetailsProps) {
  const { t } = useTranslation('profile');
  const { user } = props;
  const role = user.role === ADMIN_ROLE ? t('roles.Admin') : t('roles.User');

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 26, fontWeight: 700 }}>
            {initials(user.name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {user.name}
            </Typography>
            <Chip size="small" label={role} color={user.role === ADMIN_ROLE ? 'primary' : 'default'} variant="outlined" sx={{ mt: 0.5 }} />
          </Box>
        </Box>
        {user.authType === CHAT_AUTH_TYPE && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('chatNote')}
          </Alert>
        )}
        {props.own ? (
          <OwnProfileForm user={props.user} />
        ) : (
          <ReadOnlyField label={t('fields.name')} value={user.name} />
        )}
      </CardContent>
    </Card>
  );
}
