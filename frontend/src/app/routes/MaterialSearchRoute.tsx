import { MaterialSearchPage } from '@/features/materials/components/MaterialSearchPage';
import { useMaterialsProject } from './useMaterialsProject';

/** /materials/search?q= and /projects/:id/materials/search?q= (only that project's materials). */
export function MaterialSearchRoute() {
  const project = useMaterialsProject();
  return <MaterialSearchPage key={project?.id} project={project} />;
}
