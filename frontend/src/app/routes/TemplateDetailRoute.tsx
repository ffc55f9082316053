import { useParams } from 'react-router';
import { TemplateDetailPage } from '@/features/templates/components/TemplateDetailPage';

export function TemplateDetailRoute() {
  const { id = '' } = useParams();
  // Keyed by id: moving to another template starts with fresh page state.
  return <TemplateDetailPage key={id} templateId={id} />;
}
