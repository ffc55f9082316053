import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ProjectRef } from '@/features/materials/scope';
import { projectQueryOptions } from '@/features/projects/api/getProject';
import { projectTabPath } from '@/features/projects/paths';

/**
 * Under /projects/:id/materials: the project the materials pages belong to, with its Materials
 * tab (where Back leads) and, once loaded, its title. Undefined on the library's routes.
 */
export function useMaterialsProject(): ProjectRef | undefined {
  const { id } = useParams();
  // A missing project needs no message of its own: its materials answer 404 as well.
  const project = useQuery({ ...projectQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
  if (!id) return undefined;
  return { id, href: projectTabPath(id, 'materials'), title: project.data?.title };
}
