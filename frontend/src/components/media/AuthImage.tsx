import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlaceholder } from './ImagePlaceholder';
import { useAuthImageUrl } from './useAuthImageUrl';

export interface AuthImageProps {
  /** An `/api` image URL fetched with the Bearer token; `null` shows the placeholder at once. */
  src: string | null;
  /** The alt text; also names the placeholder for screen readers. */
  alt: string;
  /** How the picture fills the frame; thumbnails keep their 16:9 with `contain`. Default `cover`. */
  fit?: 'cover' | 'contain';
  /** A line shown in the placeholder when there is no image or it failed (e.g. 'No thumbnail yet'). */
  missingCaption?: ReactNode;
  /** Styles for the frame. The frame fills its parent unless sized here (e.g. `aspectRatio`). */
  sx?: SxProps<Theme>;
}

/**
 * An image from the API, fetched with the Bearer token (ARCHITECTURE §8). It shows a skeleton
 * while loading, a placeholder when the picture is missing or fails (spec §4), and the
 * placeholder with 'Authentication token not found' when nobody is signed in (spec §6).
 */
export function AuthImage({ src, alt, fit = 'cover', missingCaption, sx }: AuthImageProps) {
  const { t } = useTranslation('media');
  const { status, objectUrl } = useAuthImageUrl(src);
  return (
    <Box sx={[{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', bgcolor: 'grey.100' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {status === 'loading' && (
        <Skeleton variant="rectangular" animation="wave" sx={{ position: 'absolute', inset: 0, height: '100%' }} />
      )}
      {status === 'loaded' && objectUrl && (
        <Box
          component="img"
          src={objectUrl}
          alt={alt}
          draggable={false}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: fit, display: 'block' }}
        />
      )}
      {(status === 'error' || status === 'empty') && <ImagePlaceholder label={alt} caption={missingCaption} />}
      {status === 'no-token' && <ImagePlaceholder label={alt} caption={t('authTokenMissing')} icon={<LockOutlinedIcon />} />}
    </Box>
  );
}
