import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser, User } from '@/api/types';
import { PageHeader } from '@/components/PageHeader';
import { ProfileDetails } from './ProfileDetails';
import { ProfileSettings } from './ProfileSettings';

type ProfilePageProps =
  | { own: true; user: User; onSignOutEverywhere: () => Promise<void> }
  | { own: false; user: PublicUser };

type ProfileTab = 'profile' | 'settings';

/**
 * The own profile (editable, with Settings) or another user's, read-only and without Settings
 * (spec §2 Profile and §6).
 */
export function ProfilePage(props: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const [tab, setTab] = useState<ProfileTab>('profile');
  const title = props.own ? t('title') : t('otherTitle', { name: props.user.name });

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={title} />
      <Tabs value={tab} onChange={(_event, value: ProfileTab) => setTab(value)} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="profile" label={t('tabs.profile')} id="profile-tab-profile" aria-controls="profile-panel-profile" />
        {props.own && (
          <Tab value="settings" label={t('tabs.settings')} id="profile-tab-settings" aria-controls="profile-panel-settings" />
        )}
      </Tabs>
      <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'profile' && <ProfileDetails {...props} />}
        {tab === 'settings' && props.own && (
          <ProfileSettings user={props.user} onSignOutEverywhere={props.onSignOutEverywhere} />
        )}
      </Box>
    </Box>
  );
}
