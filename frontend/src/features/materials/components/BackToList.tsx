import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { listHref, type ProjectRef } from '../scope';

/** Back from a materials page: to the project's Materials tab in a project, else to /materials. */
export function BackToList({ project }: { project?: ProjectRef }) {
  const { t } = useTranslation('materials');
  return (
    <Button component={RouterLink} to={listHref(project)} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {project ? t('project.back') : t('detail.back')}
    </Button>
  );
}
