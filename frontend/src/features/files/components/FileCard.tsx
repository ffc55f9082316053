import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ThumbnailCarousel } from '@/components/media/ThumbnailCarousel';
import { useLanguage } from '@/i18n/languageContext';
import { formatByteCount, formatUploadTime, versionedPath } from '../format';
import type { UploadedFile } from '../types';

export interface FileCardActions {
  onUploadThumbnails: (file: UploadedFile) => void;
  onClearThumbnails: (file: UploadedFile) => void;
  onUseAsTemplate: (file: UploadedFile) => void;
  onDelete: (file: UploadedFile) => void;
}

interface FileCardProps extends FileCardActions {
  file: UploadedFile;
  /** Changes whenever thumbnails may have changed, so they are fetched again. */
  thumbnailVersion: number;
  converting: boolean;
}

/** One file in /files (spec §2): thumbnails, name, type, size in bytes, upload time, actions. */
export function FileCard({ file, thumbnailVersion, converting, onUploadThumbnails, onClearThumbnails, onUseAsTemplate, onDelete }: FileCardProps) {
  const { t } = useTranslation('files');
  const { uiLanguage } = useLanguage();
  const urls = file.thumbnailPaths.map((path) => versionedPath(path, thumbnailVersion));
  const isPptx = file.type === 'pptx';
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <ThumbnailCarousel urls={urls} label={file.name} />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Link component={RouterLink} to={`/files/${file._id}`} underline="hover" color="text.primary" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {file.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {[t(`types.${file.type}`), t('sizeBytes', { size: formatByteCount(file.size, uiLanguage) }), t('slideCount', { count: file.slideCount })].join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('uploadedAt', { time: formatUploadTime(file.createdAt, uiLanguage) ?? file.createdAt })}
        </Typography>
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        {isPptx && (
          <>
            <CardAction label={t('actions.uploadThumbnailsNamed', { name: file.name })} title={t('actions.uploadThumbnails')} onClick={() => onUploadThumbnails(file)}>
              <AddPhotoAlternateOutlinedIcon />
            </CardAction>
            <CardAction
              label={t('actions.clearThumbnailsNamed', { name: file.name })}
              title={t('actions.clearThumbnails')}
              onClick={() => onClearThumbnails(file)}
              disabled={file.thumbnailPaths.length === 0}
            >
              <HideImageOutlinedIcon />
            </CardAction>
          </>
        )}
        <CardAction label={t('actions.useAsTemplateNamed', { name: file.name })} title={t('actions.useAsTemplate')} onClick={() => onUseAsTemplate(file)} disabled={converting}>
          <SlideshowOutlinedIcon />
        </CardAction>
        <Box sx={{ flex: 1 }} />
        <CardAction label={t('actions.deleteNamed', { name: file.name })} title={t('actions.delete')} onClick={() => onDelete(file)}>
          <DeleteOutlineIcon />
        </CardAction>
      </CardActions>
    </Card>
  );
}

function CardAction({ label, title, onClick, disabled = false, children }: { label: string; title: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      {/* A span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
