import { useParams } from 'react-router';
import { MaterialDetailPage } from '@/features/materials/components/MaterialDetailPage';
import { useMaterialsProject } from './useMaterialsProject';

/** /materials/:materialId and /projects/:id/materials/:materialId. */
export function MaterialDetailRoute() {
  const { materialId = '' } = useParams();
  const project = useMaterialsProject();
  return <MaterialDetailPage key={`${project?.id ?? ''}/${materialId}`} materialId={materialId} project={project} />;
}
