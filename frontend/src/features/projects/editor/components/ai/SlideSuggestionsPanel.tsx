import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { thumbnailUrl } from '../../../types';
import { editorActions } from '../../actions/registry';
import { useEditorAiAction, useSlideSuggestions } from '../../ai/hooks';
import { NOTES_ITEM, type SlideValuesSuggestion } from '../../ai/suggestions';
import { valueFits } from '../../actions/content';
import { hasValue, isElementLocked, toggleMember, type EditorSlide } from '../../model';
import { useEditor } from '../EditorContext';
import { EditorAiStatus } from './EditorAiStatus';
import { SuggestedValue } from './SuggestedValue';
import { SuggestionFrame } from './SuggestionFrame';
import { ValueSources } from './ValueSources';

/** The slide's pending AI suggestions (description, template slide, values), above its content. */
export function SlideSuggestionsPanel({ slide, position }: { slide: EditorSlide; position: number }) {
  const { pending } = useSlideSuggestions(slide.id);
  if (!pending) return null;
  return (
    <Stack spacing={1.5}>
      {pending.description && <DescriptionSuggestionView slide={slide} position={position} />}
      {pending.templateSlide && <TemplateSlideSuggestionView slide={slide} position={position} />}
      {pending.values && <ValuesSuggestionView slide={slide} position={position} suggestion={pending.values} />}
    </Stack>
  );
}

function DescriptionSuggestionView({ slide, position }: { slide: EditorSlide; position: number }) {
  const { t } = useTranslation('editor');
  const { session, assistant } = useEditor();
  const suggestion = assistant.suggestions.of(slide.id)?.description;
  if (!suggestion) return null;
  return (
    <SuggestionFrame
      title={t('ai.descriptionTitle')}
      label={t('ai.regionLabel', { what: t('ai.descriptionTitle'), position })}
      origin={suggestion}
      reason={suggestion.reason}
      onAccept={() => {
        session.run(editorActions.acceptSuggestions, { items: [{ slideId: slide.id, description: { text: suggestion.description, reason: suggestion.reason } }] });
        assistant.suggestions.remove(slide.id, 'description');
      }}
      onDiscard={() => assistant.suggestions.remove(slide.id, 'description')}
    >
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{suggestion.description}</Typography>
    </SuggestionFrame>
  );
}

function TemplateSlideSuggestionView({ slide, position }: { slide: EditorSlide; position: number }) {
  const { t } = useTranslation('editor');
  const { session, assistant, template, elementsOf } = useEditor();
  const suggestion = assistant.suggestions.of(slide.id)?.templateSlide;
  if (!suggestion || !template) return null;
  const parsed = template.parsedSlides[suggestion.slideNumber - 1];
  const same = slide.pptxSlideNumber === suggestion.slideNumber;
  return (
    <SuggestionFrame
      title={t('ai.templateSlideTitle')}
      label={t('ai.regionLabel', { what: t('ai.templateSlideTitle'), position })}
      origin={suggestion}
      reason={suggestion.reason}
      acceptLabel={same ? t('ai.keep') : t('ai.useTemplateSlide')}
      onAccept={() => {
        session.run(editorActions.acceptSuggestions, {
          items: [{ slideId: slide.id, templateSlide: { slideNumber: suggestion.slideNumber, reason: suggestion.reason, elements: elementsOf(suggestion.slideNumber) ?? [] } }],
        });
        assistant.suggestions.remove(slide.id, 'templateSlide');
      }}
      onDiscard={() => assistant.suggestions.remove(slide.id, 'templateSlide')}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 128, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 0.5, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <AuthImage src={thumbnailUrl(template._id, suggestion.slideNumber)} alt={t('picker.thumbnailAlt', { number: suggestion.slideNumber })} />
        </Box>
        <Typography sx={{ fontWeight: 600 }}>
          {parsed ? t('slide.templateSlide', { number: suggestion.slideNumber, name: parsed.layoutName }) : t('outline.templateSlide', { number: suggestion.slideNumber })}
          {same && (
            <Typography component="span" color="text.secondary" sx={{ display: 'block', fontWeight: 400, fontSize: 14 }}>
              {t('ai.alreadyUsed')}
            </Typography>
          )}
        </Typography>
      </Stack>
    </SuggestionFrame>
  );
}

/**
 * Values for the slide's elements and proposed speaker notes, each with a tick (all ticked at
 * first), so the user can take the title and leave the rest. Made for one template slide: once
 * the slide uses another, they can only be discarded or regenerated.
 */
function ValuesSuggestionView({ slide, position, suggestion }: { slide: EditorSlide; position: number; suggestion: SlideValuesSuggestion }) {
  const { t } = useTranslation('editor');
  const { session, assistant, elementsOf } = useEditor();
  const regenerate = useEditorAiAction();
  const elements = elementsOf(suggestion.pptxSlideNumber) ?? [];
  const typeOf = new Map(elements.map((element) => [element.name, element]));
  const names = Object.keys(suggestion.formData).filter((name) => typeOf.has(name));
  const [instruction, setInstruction] = useState('');
  const { busy } = useSlideSuggestions(slide.id);
  const stale = slide.pptxSlideNumber !== suggestion.pptxSlideNumber;
  const locked = (name: string) => {
    const element = typeOf.get(name);
    return element ? isElementLocked(element, slide) : true;
  };
  const hasNotes = suggestion.notes.trim() !== '';
  const ticked = new Set(suggestion.chosen);
  const chosen = names.filter((name) => ticked.has(name) && !locked(name) && valueFits(typeOf.get(name)!.type, suggestion.formData[name]));
  const takeNotes = hasNotes && ticked.has(NOTES_ITEM);
  // Ticks live in the store, so Accept all above the slides takes exactly what is ticked here.
  const toggle = (key: string) => assistant.suggestions.setChosen(slide.id, [...toggleMember(ticked, key)]);
  const replaces = (name: string) => hasValue(typeOf.get(name)!.type, slide.formData[name]);

  function accept() {
    const formData = Object.fromEntries(chosen.map((name) => [name, suggestion.formData[name]]));
    session.run(editorActions.acceptSuggestions, {
      items: [{ slideId: slide.id, values: { pptxSlideNumber: suggestion.pptxSlideNumber, formData, ...(takeNotes ? { notes: suggestion.notes } : {}), deckElements: suggestion.deckElements } }],
    });
    assistant.suggestions.remove(slide.id, 'values');
  }

  return (
    <SuggestionFrame
      title={t('ai.valuesTitle')}
      label={t('ai.regionLabel', { what: t('ai.valuesTitle'), position })}
      origin={suggestion}
      acceptLabel={t('ai.acceptSelected', { count: chosen.length + Number(takeNotes) })}
      acceptDisabled={stale || chosen.length + Number(takeNotes) === 0}
      onAccept={accept}
      onDiscard={() => assistant.suggestions.remove(slide.id, 'values')}
      extraActions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: '1 1 260px', maxWidth: 420 }}>
          <TextField
            size="small"
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            placeholder={t('ai.retryPlaceholder')}
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': t('ai.retryInstruction'), maxLength: 4000 } }}
          />
          <Button
            size="small"
            color="ai"
            startIcon={<RefreshIcon />}
            loading={busy('values')}
            onClick={() => {
              const asked = instruction.trim();
              void regenerate.run((options) => assistant.generateValues(slide.id, asked, options));
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('ai.regenerate')}
          </Button>
        </Stack>
      }
    >
      <EditorAiStatus action={regenerate} sx={{ mb: 1 }} />
      {stale && (
        <Typography color="warning.dark" variant="body2" sx={{ mb: 1 }}>
          {t('ai.valuesStale', { number: suggestion.pptxSlideNumber })}
        </Typography>
      )}
      <Stack spacing={1} role="list">
        {names.map((name) => (
          <Box key={name} role="listitem" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Checkbox
              size="small"
              color="ai"
              checked={ticked.has(name) && !locked(name)}
              disabled={stale || locked(name)}
              onChange={() => toggle(name)}
              slotProps={{ input: { 'aria-label': t('ai.takeValue', { name }) } }}
              sx={{ p: 0.5, mt: -0.25 }}
            />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
                {name}
                {locked(name) && ` · ${t('ai.lockedNow')}`}
                {!locked(name) && replaces(name) && ` · ${t('ai.replaces')}`}
              </Typography>
              <ValueSources sources={suggestion.provenance?.[name]}>
                <SuggestedValue type={typeOf.get(name)?.type} value={suggestion.formData[name]} name={name} />
              </ValueSources>
            </Box>
          </Box>
        ))}
        {hasNotes && (
          <Box role="listitem" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Checkbox
              size="small"
              color="ai"
              checked={ticked.has(NOTES_ITEM)}
              disabled={stale}
              onChange={() => toggle(NOTES_ITEM)}
              slotProps={{ input: { 'aria-label': t('ai.takeNotes') } }}
              sx={{ p: 0.5, mt: -0.25 }}
            />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
                {t('notes.title')}
                {slide.notes.trim() !== '' && ` · ${t('ai.replaces')}`}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14, color: 'text.secondary' }}>{suggestion.notes}</Typography>
            </Box>
          </Box>
        )}
      </Stack>
      {suggestion.skipped.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('ai.skipped', { names: suggestion.skipped.map((item) => `${item.elementName} (${t(`ai.skipReasons.${skipReasonKey(item.reason)}`)})`).join(', ') })}
        </Typography>
      )}
      {names.length === 0 && !hasNotes && (
        <Typography variant="body2" color="text.secondary">
          {t('ai.nothingSuggested')}
        </Typography>
      )}
    </SuggestionFrame>
  );
}

const SKIP_REASONS = ['no_content', 'invalid_value', 'image_not_in_gallery', 'unsupported_figures'] as const;
type SkipReason = (typeof SKIP_REASONS)[number];

function skipReasonKey(reason: string): SkipReason | 'other' {
  return (SKIP_REASONS as readonly string[]).includes(reason) ? (reason as SkipReason) : 'other';
}
