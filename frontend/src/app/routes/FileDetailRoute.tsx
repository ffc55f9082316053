import { useParams } from 'react-router';
import { FileDetailPage } from '@/features/files/components/FileDetailPage';

export function FileDetailRoute() {
  const { fileId = '' } = useParams();
  return <FileDetailPage key={fileId} fileId={fileId} />;
}
