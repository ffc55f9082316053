import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageBrowser } from '../hooks/useImageBrowser';
import { imageLabel } from '../imageLabel';
import type { PickedImage } from '../types';
import { ImageBrowser } from './ImageBrowser';
import { ImageCard } from './ImageCard';

export interface ImagePickerProps {
  open: boolean;
  onClose: () => void;
  /** Called with the clicked image; the caller decides whether to close the picker. */
  onSelect: (image: PickedImage) => void;
}

/**
 * A full-screen dialog for choosing a gallery picture (the project's Images tab and the slide
 * editor's picture fields): My Images and Public Images, searchable by description or tag.
 */
export function ImagePicker({ open, onClose, onSelect }: ImagePickerProps) {
  const { t } = useTranslation('images');
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="primary">
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('picker.close')}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} variant="h6" component="h2" sx={{ ml: 1, fontWeight: 700 }}>
            {t('picker.title')}
          </Typography>
        </Toolbar>
      </AppBar>
      {/* Mounted only while open, so each opening starts on My Images with no search. */}
      {open && <PickerBody onSelect={onSelect} />}
    </Dialog>
  );
}

function PickerBody({ onSelect }: Pick<ImagePickerProps, 'onSelect'>) {
  const { t } = useTranslation('images');
  const browser = useImageBrowser();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 } }}>
      <ImageBrowser
        browser={browser}
        renderImage={(image, tagNames) => (
          <ImageCard
            image={image}
            tagNames={tagNames}
            openLabel={t('picker.select', { name: imageLabel(image) })}
            onOpen={({ _id, url, alt }) => onSelect({ _id, url, alt })}
          />
        )}
      />
    </Box>
  );
}
