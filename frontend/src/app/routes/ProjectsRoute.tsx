import { ProjectsPage } from '@/features/projects/components/list/ProjectsPage';

export function ProjectsRoute() {
  return <ProjectsPage />;
}
