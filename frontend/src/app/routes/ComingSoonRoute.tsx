import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import type enPages from '@/i18n/locales/en/pages.json';

export type ComingSoonTitle = keyof typeof enPages.titles;

/** A page of the route table that a later release builds: never blank, always translated. */
export function ComingSoonRoute({ title }: { title: ComingSoonTitle }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHeader title={t(`titles.${title}`)} />
      <StatusMessage
        icon={<ConstructionIcon />}
        title={t('comingSoon.heading')}
        body={t('comingSoon.body')}
        actions={
          <Button component={RouterLink} to="/tags" variant="outlined">
            {t('comingSoon.goToTags')}
          </Button>
        }
      />
    </>
  );
}
