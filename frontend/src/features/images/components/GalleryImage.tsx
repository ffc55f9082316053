import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import type { Image } from '../types';

interface GalleryImageProps {
  image: Pick<Image, 'url' | 'alt' | 'width' | 'height'>;
  /** `cover` fills a card; `contain` shows the whole picture (the full-size viewer). */
  fit?: 'cover' | 'contain';
  maxHeight?: string | number;
}

/**
 * A gallery picture fetched with the bearer token. Its frame keeps the picture's aspect ratio
 * while loading, so the masonry does not jump; a failed fetch shows a placeholder (spec §6).
 */
export function GalleryImage({ image, fit = 'cover', maxHeight }: GalleryImageProps) {
  const { t } = useTranslation('images');
  const aspectRatio = image.width > 0 && image.height > 0 ? `${image.width} / ${image.height}` : '4 / 3';
  return (
    <AuthImage
      src={image.url}
      alt={image.alt}
      fit={fit}
      missingCaption={t('placeholder.failed')}
      sx={{ height: 'auto', aspectRatio, maxHeight, minHeight: 96 }}
    />
  );
}
