import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';

export function NotFoundRoute() {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  return (
    <StatusMessage
      icon={<SearchOffIcon />}
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          {tCommon('actions.backToHome')}
        </Button>
      }
    />
  );
}
