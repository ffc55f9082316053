import { ImageGalleryPage } from '@/features/images/components/ImageGalleryPage';

export function PicturesRoute() {
  return <ImageGalleryPage />;
}
