import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';
import { CAROUSEL_FADE_MS, stepIndex } from './carousel';
import { ImagePlaceholder } from './ImagePlaceholder';

export interface ThumbnailCarouselProps {
  /** Image URLs (`/api` paths, fetched with the token), one per slide, in slide order. An
   * empty string shows that slide's placeholder (e.g. not drawn yet). */
  urls: readonly string[];
  /** Drawn over each slide (same order as `urls`), e.g. a 'being updated' badge. */
  overlays?: readonly ReactNode[];
  /** Names the deck in alt texts and the carousel's label, e.g. its file name. */
  label: string;
  /** Width / height of the frame. Default 16 / 9, the thumbnails' shape (spec §9). */
  aspectRatio?: number;
  /** Shown in the placeholder when `urls` is empty. Default 'No thumbnails yet'. */
  emptyCaption?: ReactNode;
}

// Hidden until the pointer is over the carousel (or a control has keyboard focus).
const CONTROL_CLASS = 'thumbnail-carousel-control';

/**
 * Slide thumbnails one at a time (spec §2 and §4): previous/next arrows and an 'n / total'
 * counter appear on hover; stepping wraps around both ends with a 150 ms cross-fade; a picture
 * that fails shows a placeholder. Safe inside a clickable card: the arrows do not let clicks
 * through. Slides are fetched when first shown and kept, so stepping back is instant.
 */
export function ThumbnailCarousel({ urls, label, aspectRatio = 16 / 9, emptyCaption, overlays }: ThumbnailCarouselProps) {
  const { t } = useTranslation('media');
  const total = urls.length;
  const [requested, setRequested] = useState(0);
  // The list can shrink under us (thumbnails cleared); never point past its end.
  const index = Math.min(requested, Math.max(total - 1, 0));
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));

  function step(event: MouseEvent, delta: number) {
    event.preventDefault();
    event.stopPropagation();
    const next = stepIndex(index, delta, total);
    setRequested(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set(seen).add(next)));
  }

  return (
    <Box
      role="group"
      aria-roledescription={t('carousel')}
      aria-label={label}
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        [`& .${CONTROL_CLASS}`]: { opacity: 0, transition: `opacity ${CAROUSEL_FADE_MS}ms` },
        [`&:hover .${CONTROL_CLASS}, &:focus-within .${CONTROL_CLASS}`]: { opacity: 1 },
      }}
    >
      {total === 0 && <ImagePlaceholder label={label} caption={emptyCaption ?? t('noThumbnails')} />}
      {urls.map((url, slide) =>
        visited.has(slide) || slide === index ? (
          <Box
            key={`${slide}:${url}`}
            aria-hidden={slide !== index}
            sx={{ position: 'absolute', inset: 0, opacity: slide === index ? 1 : 0, transition: `opacity ${CAROUSEL_FADE_MS}ms ease-in-out` }}
          >
            <AuthImage src={url || null} alt={t('slideAlt', { name: label, number: slide + 1 })} fit="contain" />
            {overlays?.[slide]}
          </Box>
        ) : null,
      )}
      {total > 1 && (
        <>
          <CarouselArrow side="left" label={t('previousSlide')} onClick={(event) => step(event, -1)} />
          <CarouselArrow side="right" label={t('nextSlide')} onClick={(event) => step(event, 1)} />
        </>
      )}
      {total > 0 && (
        <Box
          className={CONTROL_CLASS}
          aria-live="polite"
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            px: 1,
            borderRadius: 1,
            bgcolor: 'rgba(0, 0, 0, 0.6)',
            color: 'common.white',
            typography: 'caption',
            fontWeight: 600,
          }}
        >
          {t('counter', { current: index + 1, total })}
        </Box>
      )}
    </Box>
  );
}

function CarouselArrow({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: (event: MouseEvent) => void }) {
  return (
    <IconButton
      className={CONTROL_CLASS}
      size="small"
      aria-label={label}
      title={label}
      onClick={onClick}
      sx={{
        position: 'absolute',
        top: '50%',
        [side]: 6,
        transform: 'translateY(-50%)',
        bgcolor: 'rgba(255, 255, 255, 0.85)',
        boxShadow: 1,
        '&:hover': { bgcolor: 'common.white' },
      }}
    >
      {side === 'left' ? <ChevronLeftIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  );
}
