import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { SlidePreviewState } from '../../api/previews';
import { usePreviewFailure } from './previewText';

/**
 * Over a slide picture: a spinner while a newer render is on its way (the picture is the last
 * one), a warning when the slide could not be drawn (its cause on hover and focus).
 */
export function PreviewBadge({ preview, compact = false }: { preview: SlidePreviewState | undefined; compact?: boolean }) {
  const { t } = useTranslation('projects');
  const failure = usePreviewFailure();
  if (preview?.status !== 'pending' && preview?.status !== 'failed') return null;
  const pending = preview.status === 'pending';
  const label = pending ? t('preview.updating') : failure(preview);
  const badge = (
    <Box
      role={pending ? 'status' : undefined}
      aria-label={label}
      tabIndex={pending ? undefined : 0}
      sx={{
        position: 'absolute',
        left: compact ? 4 : 8,
        bottom: compact ? 4 : 8,
        zIndex: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        px: compact ? 0.5 : 1,
        py: compact ? 0.5 : 0.25,
        borderRadius: 1,
        bgcolor: pending ? 'rgba(0, 0, 0, 0.6)' : 'error.main',
        color: 'common.white',
        typography: 'caption',
        fontWeight: 600,
        pointerEvents: pending ? 'none' : 'auto',
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.common.white}, 0 0 0 4px ${theme.palette.error.main}` },
      }}
    >
      {pending ? <CircularProgress size={compact ? 10 : 12} color="inherit" aria-hidden /> : <ErrorOutlineIcon sx={{ fontSize: compact ? 12 : 16 }} aria-hidden />}
      {!compact && <span aria-hidden>{pending ? t('preview.updatingShort') : t('preview.failed')}</span>}
    </Box>
  );
  return pending ? badge : <Tooltip title={label}>{badge}</Tooltip>;
}
