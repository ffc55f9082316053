import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { FilePickButton } from '@/components/media/FilePickButton';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUploadFileThumbnails } from '../api/fileThumbnails';
import { useDeleteSlideTemplate } from '../api/slideTemplates';
import { versionedPath } from '../format';
import type { FileDetail, FileSlide } from '../types';

interface FileSlideCardProps {
  file: FileDetail;
  slide: FileSlide;
  thumbnailVersion: number;
  onCreateTemplate: (slideNumber: number) => void;
}

/** One slide of a file (spec §2 File detail): its thumbnail, its Templates, upload, Create Template. */
export function FileSlideCard({ file, slide, thumbnailVersion, onCreateTemplate }: FileSlideCardProps) {
  const { t } = useTranslation('files');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const upload = useUploadFileThumbnails();
  const deleteTemplate = useDeleteSlideTemplate(file._id);

  async function uploadThumbnail(image: File) {
    try {
      await upload.mutateAsync({ fileId: file._id, images: [image], index: slide.slideNumber });
      notify(t('thumbnails.done'));
    } catch (error) {
      notify(`${t('thumbnails.failed')}: ${describeError(error)}`, 'error');
    }
  }

  async function removeTemplate(templateId: string) {
    try {
      await deleteTemplate.mutateAsync(templateId);
      notify(t('createTemplate.deleted'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  return (
    <Card component="section" aria-label={t('detail.slide', { number: slide.slideNumber })} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ aspectRatio: '16 / 9' }}>
        <AuthImage
          src={slide.thumbnailPath ? versionedPath(slide.thumbnailPath, thumbnailVersion) : null}
          alt={t('detail.thumbnailAlt', { name: file.name, number: slide.slideNumber })}
          fit="contain"
          missingCaption={t('detail.noThumbnail')}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('detail.slide', { number: slide.slideNumber })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('detail.templates')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {slide.templates.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('detail.noTemplates')}
            </Typography>
          )}
          {slide.templates.map((template) => (
            <Chip
              key={template._id}
              size="small"
              label={`${template.name} · ${template.type}`}
              title={template.description || undefined}
              onDelete={() => void removeTemplate(template._id)}
              deleteIcon={<CancelIcon titleAccess={t('createTemplate.delete', { name: template.name })} />}
            />
          ))}
        </Box>
      </CardContent>
      <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 2, flexWrap: 'wrap' }}>
        <FilePickButton
          size="small"
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          accept="image/*"
          inputLabel={t('thumbnails.uploadOneLabel', { number: slide.slideNumber })}
          aria-label={t('thumbnails.uploadOneLabel', { number: slide.slideNumber })}
          loading={upload.isPending}
          onFiles={([image]) => image && void uploadThumbnail(image)}
        >
          {t('thumbnails.uploadOne')}
        </FilePickButton>
        <Button
          size="small"
          startIcon={<BookmarkAddOutlinedIcon />}
          aria-label={t('createTemplate.openLabel', { number: slide.slideNumber })}
          onClick={() => onCreateTemplate(slide.slideNumber)}
        >
          {t('createTemplate.open')}
        </Button>
      </Box>
    </Card>
  );
}
