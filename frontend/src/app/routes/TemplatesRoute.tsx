import { TemplatesPage } from '@/features/templates/components/TemplatesPage';

export function TemplatesRoute() {
  return <TemplatesPage />;
}
