import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import type { ProjectRef } from '../scope';
import { BackToList } from './BackToList';
import { MaterialsPanel } from './MaterialsPanel';

/**
 * /materials, the general library, or with `project` /projects/{id}/materials: the same list
 * as the project's Materials tab, with Back to the project.
 */
export function MaterialsPage({ project }: { project?: ProjectRef }) {
  const { t } = useTranslation('materials');
  return (
    <Box sx={{ maxWidth: 1100 }}>
      {project && <BackToList project={project} />}
      {project ? (
        <PageHeader title={t('project.title')} subtitle={project.title && t('project.subtitle', { title: project.title })} />
      ) : (
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
      )}
      <MaterialsPanel projectId={project?.id} />
    </Box>
  );
}
