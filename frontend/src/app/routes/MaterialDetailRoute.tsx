import { useParams } from 'react-router';
import { MaterialDetailPage } from '@/features/materials/components/MaterialDetailPage';

/** /materials/:materialId */
export function MaterialDetailRoute() {
  const { materialId = '' } = useParams();
  return <MaterialDetailPage key={materialId} materialId={materialId} />;
}
