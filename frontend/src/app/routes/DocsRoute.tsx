import { useParams } from 'react-router';
import { DocumentViewer } from '@/features/docs/components/DocumentViewer';

export function DocsRoute() {
  const { docType = '' } = useParams();
  return <DocumentViewer docType={docType} />;
}
