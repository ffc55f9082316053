import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import type { ChoicePreview, SlidePreviewState } from '../../api/previews';
import { PreviewBadge } from '../../components/common/PreviewBadge';
import { thumbnailUrl, type PptxFile } from '../../types';

interface TemplateSlidePickerProps {
  open: boolean;
  template: PptxFile | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  current: number | null;
  /** The slide as it is now drawn with the current template slide (its latest render, with
   * its pending or failed state). */
  currentPreview?: SlidePreviewState;
  /** The slide drawn on each template slide (in the template's order), when it has values. */
  choicePreviews?: ChoicePreview[];
  position: number;
  onClose: () => void;
  onPick: (slideNumber: number | null) => void;
}

/**
 * The template choice of one slide (spec §2): the template's slides as thumbnails with their
 * descriptions; 'Failed to load slides' when they cannot be loaded.
 */
export function TemplateSlidePicker({ open, template, loading, failed, onRetry, current, currentPreview, choicePreviews, position, onClose, onPick }: TemplateSlidePickerProps) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const currentPreviewUrl = currentPreview?.url ?? null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('picker.title', { position })}
      </DialogTitle>
      <DialogContent dividers>
        {choicePreviews && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('picker.choicesHint')}
          </Typography>
        )}
        {loading && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {failed && (
          <Alert
            severity="error"
            icon={<ErrorOutlineIcon />}
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('picker.retry')}
              </Button>
            }
          >
            {t('picker.failed')}
          </Alert>
        )}
        {template && (
          <Box
            role="listbox"
            aria-label={t('picker.listLabel')}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } }}
          >
            {template.parsedSlides.map((slide, index) => {
              const selected = slide.slideNumber === current;
              const choice = choicePreviews?.[index];
              const descriptionId = `${titleId}-description-${slide.slideNumber}`;
              // The option holds the picture and its visible label only, so its name ("Template
              // slide 2: Agenda") contains all the text it shows (WCAG 2.5.3). The description
              // and the marks over the picture are the card's, outside the option: the
              // description is the option's aria-describedby, and the option's ::after covers the
              // whole card, so a click anywhere on it still picks the slide.
              return (
                <Box
                  key={slide.slideNumber}
                  sx={{
                    position: 'relative',
                    borderRadius: 1.5,
                    border: 2,
                    borderColor: selected ? 'primary.main' : 'divider',
                    overflow: 'hidden',
                    bgcolor: 'background.paper',
                    '&:hover, &:has(.Mui-focusVisible)': { borderColor: 'primary.light', boxShadow: 2 },
                  }}
                >
                  <ButtonBase
                    role="option"
                    aria-selected={selected}
                    aria-label={t('picker.option', { number: slide.slideNumber, name: slide.layoutName || slide.description })}
                    aria-describedby={descriptionId}
                    onClick={() => onPick(slide.slideNumber)}
                    // Static (not ButtonBase's relative), so ::after and the ripple span the card.
                    sx={{ position: 'static', display: 'block', width: '100%', textAlign: 'left', '&.Mui-focusVisible': { outlineOffset: -2 }, '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 } }}
                  >
                    <Box sx={{ position: 'relative', aspectRatio: `${template.slideWidth} / ${template.slideHeight}` }}>
                      {selected && currentPreviewUrl ? (
                        // The current choice shows the slide as it is (with its render state).
                        <>
                          <AuthImage src={currentPreviewUrl} alt={t('picker.yourSlideAlt', { position })} fit="contain" />
                          <PreviewBadge preview={currentPreview} compact />
                        </>
                      ) : choice?.status === 'ready' && choice.url ? (
                        // Another choice, drawn with the user's values: the result of picking it.
                        <AuthImage src={choice.url} alt={t('picker.choiceAlt', { position, number: slide.slideNumber })} fit="contain" />
                      ) : (
                        <>
                          <AuthImage src={thumbnailUrl(template._id, slide.slideNumber)} alt={t('picker.thumbnailAlt', { number: slide.slideNumber })} fit="contain" />
                          {choice?.status === 'pending' && (
                            <CircularProgress size={18} aria-label={t('picker.choicePending')} sx={{ position: 'absolute', bottom: 8, right: 8 }} />
                          )}
                        </>
                      )}
                    </Box>
                    {/* The words of the option's name, as they are shown. */}
                    <Typography variant="subtitle2" sx={{ fontWeight: 700, px: 1.25, pt: 1.25 }}>
                      {slide.layoutName ? t('picker.option', { number: slide.slideNumber, name: slide.layoutName }) : t('picker.thumbnailAlt', { number: slide.slideNumber })}
                    </Typography>
                  </ButtonBase>
                  <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ px: 1.25, pb: 1.25, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                    {slide.description || t('picker.noDescription')}
                  </Typography>
                  {/* Over the picture (the option's picture box is the card's top): what the
                      alt texts and aria-selected already say, drawn for the eye. */}
                  <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, aspectRatio: `${template.slideWidth} / ${template.slideHeight}`, zIndex: 2, pointerEvents: 'none' }}>
                    {selected && currentPreviewUrl ? (
                      <Chip label={t('picker.yourSlide')} size="small" color="primary" sx={{ position: 'absolute', top: 6, left: 6, fontWeight: 700 }} />
                    ) : (
                      choice?.status === 'ready' &&
                      choice.url && <Chip label={t('picker.yourSlide')} size="small" color="primary" variant="outlined" sx={{ position: 'absolute', top: 6, left: 6, fontWeight: 700, bgcolor: 'background.paper' }} />
                    )}
                    {selected && <CheckCircleIcon color="primary" sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'common.white', borderRadius: '50%' }} />}
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {current !== null && (
          <Button color="secondary" onClick={() => onPick(null)} sx={{ mr: 'auto' }}>
            {t('picker.clear')}
          </Button>
        )}
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
