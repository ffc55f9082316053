import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateElement } from '../../../types';
import { valueFits } from '../../actions/content';
import { editorActions } from '../../actions/registry';
import type { AiAction } from '@/components/ai/useAiAction';
import { useSlideSuggestions } from '../../ai/hooks';
import type { EditorSlide } from '../../model';
import { useEditor } from '../EditorContext';
import { SuggestedValue } from './SuggestedValue';
import { ValueSources } from './ValueSources';
import { SuggestionFrame } from './SuggestionFrame';

/** Spec §9: the predefined AI instructions, sent by key (the server also knows their labels). */
const PREDEFINED_INSTRUCTIONS = ['rewrite', 'expand', 'summarize', 'formal_tone', 'casual_tone', 'add_details', 'add_examples', 'add_statistics', 'add_quotes'] as const;
type Instruction = (typeof PREDEFINED_INSTRUCTIONS)[number];

/** The instructions that make sense for an element: all for text, data ones for tables and charts, none for pictures (free text only). */
function instructionsFor(type: TemplateElement['type']): readonly Instruction[] {
  if (type === 'text') return PREDEFINED_INSTRUCTIONS;
  if (type === 'table' || type === 'chart') return ['expand', 'summarize', 'add_details', 'add_statistics'];
  return [];
}

/**
 * The element's AI button: one click on a predefined instruction (Rewrite, Expand, …) or a
 * free-text one asks for a new value, which then waits below the editor for Accept or Discard.
 * `ai` is the element's action, owned by its row, which shows its progress and failure.
 */
export function ElementAiButton({ slide, element, ai }: { slide: EditorSlide; element: TemplateElement; ai: AiAction }) {
  const { t } = useTranslation('editor');
  const { assistant, announce } = useEditor();
  const { busy } = useSlideSuggestions(slide.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [instruction, setInstruction] = useState('');
  const working = busy(`element:${element.name}`);

  function ask(text: string) {
    setAnchor(null);
    void ai.run(async (options) => {
      if (!(await assistant.suggestElementValue(slide.id, element.name, text, options))) return;
      setInstruction('');
      if (!assistant.suggestions.of(slide.id)?.elements?.[element.name]) announce(t('ai.nothingSuggested'), { severity: 'info' });
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (instruction.trim()) ask(instruction.trim());
  }

  return (
    <>
      <Tooltip title={t('ai.elementHint')}>
        <span>
          <IconButton
            size="small"
            color="ai"
            aria-label={t('ai.elementFor', { name: element.name })}
            aria-haspopup="dialog"
            disabled={working}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {working ? <CircularProgress size={18} color="inherit" /> : <AutoAwesomeIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2, width: 360, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': t('ai.elementFor', { name: element.name }) } }}
      >
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('ai.elementTitle', { name: element.name })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
          {instructionsFor(element.type).map((key) => (
            <Chip key={key} label={t(`ai.instructions.${key}`)} onClick={() => ask(key)} color="ai" variant="outlined" size="small" />
          ))}
        </Box>
        <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            placeholder={t('ai.freeTextPlaceholder')}
            multiline
            maxRows={4}
            fullWidth
            autoFocus
            onKeyDown={(event) => {
              // Enter that confirms an IME candidate (Chinese input) must not send.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
            }}
            slotProps={{ htmlInput: { 'aria-label': t('ai.freeText'), maxLength: 4000 } }}
          />
          <IconButton type="submit" color="ai" aria-label={t('ai.ask')} disabled={!instruction.trim()}>
            <SendIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Popover>
    </>
  );
}

/**
 * A suggested value for one element, below its editor: shown only while the slide uses the
 * layout it was made for and the value suits the element's type.
 */
export function ElementSuggestion({ slide, element }: { slide: EditorSlide; element: TemplateElement }) {
  const { t } = useTranslation('editor');
  const { session, assistant } = useEditor();
  const { pending } = useSlideSuggestions(slide.id);
  const suggestion = pending?.elements?.[element.name];
  if (!suggestion || suggestion.pptxSlideNumber !== slide.pptxSlideNumber || suggestion.elementType !== element.type || !valueFits(element.type, suggestion.value)) return null;
  const kind = `element:${element.name}` as const;
  return (
    <Box sx={{ mt: 1 }}>
      <SuggestionFrame
        title={t('ai.elementSuggestion', { name: element.name })}
        origin={suggestion}
        reason={suggestion.reason}
        onAccept={() => {
          // Its own undo step (typing right after accepting is not merged into it).
          session.run(editorActions.acceptSuggestions, {
            items: [{ slideId: slide.id, values: { pptxSlideNumber: suggestion.pptxSlideNumber, formData: { [element.name]: suggestion.value } } }],
          });
          assistant.suggestions.remove(slide.id, kind);
        }}
        onDiscard={() => assistant.suggestions.remove(slide.id, kind)}
      >
        <ValueSources sources={suggestion.provenance}>
          <SuggestedValue type={element.type} value={suggestion.value} name={element.name} />
        </ValueSources>
      </SuggestionFrame>
    </Box>
  );
}
