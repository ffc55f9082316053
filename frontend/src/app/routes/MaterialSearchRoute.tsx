import { MaterialSearchPage } from '@/features/materials/components/MaterialSearchPage';

/** /materials/search?q= */
export function MaterialSearchRoute() {
  return <MaterialSearchPage />;
}
