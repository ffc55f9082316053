import { MaterialsPage } from '@/features/materials/components/MaterialsPage';
import { useMaterialsProject } from './useMaterialsProject';

/** /materials, the general library, and /projects/:id/materials, a project's materials. */
export function MaterialsRoute() {
  const project = useMaterialsProject();
  return <MaterialsPage key={project?.id} project={project} />;
}
