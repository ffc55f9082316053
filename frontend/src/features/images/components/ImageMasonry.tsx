import Masonry from '@mui/lab/Masonry';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useGalleryColumns } from '../hooks/useGalleryColumns';
import type { Image } from '../types';

/** The gallery's masonry grid: 4 columns on wide screens, fewer on narrow ones (spec §9). */
export function ImageMasonry({ images, label, renderImage }: { images: Image[]; label: string; renderImage: (image: Image) => ReactNode }) {
  const columns = useGalleryColumns();
  return (
    <Box role="list" aria-label={label} data-columns={columns}>
      {/* width auto: with the negative margin of its spacing, the grid spans the whole row (100% would stop short of the right edge). */}
      <Masonry columns={columns} spacing={2} sequential sx={{ width: 'auto' }}>
        {images.map((image) => (
          <Box key={image._id} role="listitem">
            {renderImage(image)}
          </Box>
        ))}
      </Masonry>
    </Box>
  );
}
