import { MaterialsPage } from '@/features/materials/components/MaterialsPage';

/** /materials: the general library (projects show MaterialsPanel with their projectId). */
export function MaterialsRoute() {
  return <MaterialsPage />;
}
