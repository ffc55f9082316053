import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { imageLabel } from '../imageLabel';
import type { Image, VisibleTag } from '../types';
import { GalleryImage } from './GalleryImage';
import { ImageDescriptionEditor } from './ImageDescriptionEditor';
import { ImageTagsEditor } from './ImageTagsEditor';

interface ImageViewerDialogProps {
  image: Image | null;
  tagOptions: VisibleTag[];
  tagNames: string[];
  onClose: () => void;
}

/** The full-size viewer: the whole picture, with description and tags (editable on own images). */
export function ImageViewerDialog({ image, tagOptions, tagNames, onClose }: ImageViewerDialogProps) {
  const { t } = useTranslation('images');
  const titleId = useId();
  return (
    <Dialog open={image !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      {image && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
            {t('viewer.label', { name: imageLabel(image) })}
          </DialogTitle>
          <IconButton aria-label={t('viewer.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent dividers>
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
              <Box sx={{ flex: 3, minWidth: 0, display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
                <GalleryImage image={image} fit="contain" maxHeight="70vh" />
              </Box>
              <Stack spacing={2.5} sx={{ flex: 2, minWidth: 260 }}>
                <Box>
                  <Typography variant="overline" color="text.secondary">
                    {t('viewer.filename')}
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{image.filename}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('viewer.details', { width: image.width, height: image.height, size: Math.max(1, Math.round(image.size / 1024)) })}
                  </Typography>
                </Box>
                {image.canEdit ? (
                  <>
                    <ImageDescriptionEditor key={`${image._id}:${image.alt}`} image={image} />
                    <ImageTagsEditor image={image} options={tagOptions} />
                  </>
                ) : (
                  <ReadOnlyDetails image={image} tagNames={tagNames} />
                )}
              </Stack>
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function ReadOnlyDetails({ image, tagNames }: { image: Image; tagNames: string[] }) {
  const { t } = useTranslation('images');
  return (
    <>
      <Alert severity="info">{t('viewer.readOnly')}</Alert>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('description.label')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{image.alt}</Typography>
      </Box>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('tags.label')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {tagNames.length === 0 ? (
            <Typography color="text.secondary">{t('tags.none')}</Typography>
          ) : (
            tagNames.map((name) => <Chip key={name} size="small" label={name} />)
          )}
        </Stack>
      </Box>
    </>
  );
}
