import MoreVertIcon from '@mui/icons-material/MoreVert';
import PublicIcon from '@mui/icons-material/Public';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageLabel } from '../imageLabel';
import { isDescriptionJustFilename } from '../imageRules';
import type { Image } from '../types';
import { GalleryImage } from './GalleryImage';

/** Where the actions menu opens: under the more button, or at the pointer (right-click). */
export type MenuAnchor = { anchorEl: HTMLElement } | { anchorPosition: { top: number; left: number } };

interface ImageCardProps {
  image: Image;
  tagNames: string[];
  /** The accessible name of the click on the picture ("Open …" or "Select …"). */
  openLabel: string;
  onOpen: (image: Image) => void;
  /** The actions menu (more button and right-click); the picker has none. */
  onMenu?: (image: Image, anchor: MenuAnchor) => void;
}

/** One picture in the masonry: the image, its description, public status and tags. */
export function ImageCard({ image, tagNames, openLabel, onOpen, onMenu }: ImageCardProps) {
  const { t } = useTranslation('images');
  const label = imageLabel(image);
  const needsDescription = image.canEdit && isDescriptionJustFilename(image.alt, image.filename);

  function openMenuAtPointer(event: MouseEvent) {
    if (!onMenu) return;
    event.preventDefault();
    onMenu(image, { anchorPosition: { top: event.clientY, left: event.clientX } });
  }

  return (
    <Card sx={{ position: 'relative' }} onContextMenu={openMenuAtPointer}>
      <CardActionArea onClick={() => onOpen(image)} aria-label={openLabel}>
        <GalleryImage image={image} />
      </CardActionArea>
      <CardContent sx={{ py: 1.25, '&:last-child': { pb: 1.5 } }}>
        <Typography
          variant="body2"
          title={image.alt}
          sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {image.alt}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
          {image.isPublic && <Chip size="small" color="secondary" icon={<PublicIcon />} label={t('card.public')} />}
          {image.publicCopyId && (
            <Chip size="small" variant="outlined" color="secondary" icon={<PublicIcon />} label={t('card.published')} />
          )}
          {needsDescription && (
            <Chip size="small" variant="outlined" color="warning" icon={<WarningAmberIcon />} label={t('card.needsDescription')} />
          )}
          {tagNames.map((name) => (
            <Chip key={name} size="small" variant="outlined" label={name} />
          ))}
        </Stack>
      </CardContent>
      {onMenu && (
        <IconButton
          size="small"
          aria-label={t('card.more', { name: label })}
          aria-haspopup="menu"
          onClick={(event) => onMenu(image, { anchorEl: event.currentTarget })}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            bgcolor: 'rgba(255, 255, 255, 0.88)',
            boxShadow: 1,
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
    </Card>
  );
}
