import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { MaterialsPanel, type MaterialsPanelProps } from './MaterialsPanel';

/** The /materials page: the general library (or, with `projectId`, a project's materials). */
export function MaterialsPage({ projectId }: MaterialsPanelProps) {
  const { t } = useTranslation('materials');
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <MaterialsPanel projectId={projectId} />
    </Box>
  );
}
