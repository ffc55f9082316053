import { FilesPage } from '@/features/files/components/FilesPage';

export function FilesRoute() {
  return <FilesPage />;
}
