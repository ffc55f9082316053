import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOVER_DEBOUNCE_MS, SlidePreview } from '@/components/media/SlidePreview';
import { useDebouncedCallback } from '@/components/media/useDebouncedCallback';
import { useNotify } from '@/components/notifier/notifierContext';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { generateSlideDescription } from '../api/generateDescription';
import { useSetElementLocked } from '../api/setElementLocked';
import { templateThumbnailUrl } from '../api/thumbnailUrl';
import { useUpdateSlideDescription } from '../api/updateSlideDescription';
import type { AiSuggestion, ParsedSlide, TemplateDetail } from '../types';
import { AiSuggestionPanel } from './AiSuggestionPanel';
import { EditableDescription } from './EditableDescription';
import { ElementTable } from './ElementTable';
import { SlideThumbnailActions } from './SlideThumbnailActions';

/** A slide's pending AI description (from Generate All Missing), if any. */
export interface SlideSuggestion {
  suggestion?: AiSuggestion;
  /** Drops it: discarded, accepted, or the description was saved another way. */
  onDropSuggestion: () => void;
  /** Accept All is saving every suggestion: this one's buttons wait. */
  suggestionBusy: boolean;
}

type SlideProps = { template: TemplateDetail; slide: ParsedSlide } & SlideSuggestion;

/**
 * One slide of the detail page (spec §2): the preview with element outlines, the thumbnail
 * actions, the description (with its pending AI suggestion) and the element table. Pointing at
 * an outline highlights its row and the other way round.
 */
export function SlideSection({ template, slide, ...suggestion }: SlideProps) {
  const { t } = useTranslation('templates');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // Rows get the same 50 ms settling as the preview's outlines (spec §9).
  const hoverRow = useDebouncedCallback(setHighlighted, HOVER_DEBOUNCE_MS);
  const hasThumbnail = template.thumbnailSlides.includes(slide.slideNumber);
  const imageUrl = hasThumbnail ? templateThumbnailUrl(template._id, slide.slideNumber, template.updatedAt) : null;

  return (
    <Card component="section" aria-labelledby={`slide-${slide.slideNumber}-title`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography id={`slide-${slide.slideNumber}-title`} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('detail.slide', { number: slide.slideNumber })}
          </Typography>
          {slide.layoutName && <Chip size="small" variant="outlined" label={t('detail.layout', { name: slide.layoutName })} />}
          {slide.hidden && <Chip size="small" label={t('detail.hiddenSlide')} />}
        </Box>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <SlidePreview
              imageUrl={imageUrl}
              alt={t('detail.previewAlt', { number: slide.slideNumber, name: template.filename })}
              slideWidth={template.slideWidth}
              slideHeight={template.slideHeight}
              elements={slide.elements}
              highlightedElementName={highlighted}
              onElementHover={setHighlighted}
              missingCaption={t('detail.thumbnailMissing')}
            />
            {template.canEdit && <SlideThumbnailActions templateId={template._id} slideNumber={slide.slideNumber} />}
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <SlideDescription template={template} slide={slide} {...suggestion} />
            <Divider />
            <SlideElements template={template} slide={slide} highlighted={highlighted} onHover={hoverRow} />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

function SlideDescription({ template, slide, suggestion, onDropSuggestion, suggestionBusy }: SlideProps) {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { language } = useLanguage();
  const update = useUpdateSlideDescription(template._id);

  async function save(description: string) {
    try {
      await update.mutateAsync({ slideNumber: slide.slideNumber, description });
      notify(t('description.saved'));
      // Whatever was saved replaces a pending suggestion: it no longer fills a gap.
      onDropSuggestion();
    } catch (error) {
      notify(describeError(error), 'error');
      throw error;
    }
  }

  return (
    <EditableDescription
      heading={t('detail.slideDescription')}
      value={slide.description}
      emptyText={t('detail.noSlideDescription')}
      canEdit={template.canEdit}
      onSave={save}
      onGenerate={(options) => generateSlideDescription(template._id, slide.slideNumber, language, options)}
      suggestion={
        suggestion && (
          <AiSuggestionPanel
            label={t('suggestion.label', { number: slide.slideNumber })}
            suggestion={suggestion}
            // The error is shown and the suggestion kept for another try.
            onAccept={() => void save(suggestion.text).catch(() => undefined)}
            onDiscard={onDropSuggestion}
            accepting={update.isPending}
            disabled={suggestionBusy}
          />
        )
      }
    />
  );
}

function SlideElements({
  template,
  slide,
  highlighted,
  onHover,
}: {
  template: TemplateDetail;
  slide: ParsedSlide;
  highlighted: string | null;
  onHover: (name: string | null) => void;
}) {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const setLocked = useSetElementLocked(template._id);

  function toggleLock(elementIndex: number, isLocked: boolean) {
    const name = slide.elements[elementIndex]?.name ?? '';
    setLocked.mutate(
      { slideNumber: slide.slideNumber, elementIndex, isLocked },
      { onError: (error) => notify(t('elements.lockFailed', { name, reason: describeError(error) }), 'error') },
    );
  }

  return (
    <ElementTable
      slideNumber={slide.slideNumber}
      elements={slide.elements}
      canEdit={template.canEdit}
      highlightedName={highlighted}
      onHover={onHover}
      onToggleLock={toggleLock}
    />
  );
}
