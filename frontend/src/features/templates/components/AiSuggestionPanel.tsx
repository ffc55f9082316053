import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AiAttribution } from '@/components/ai/AiAttribution';
import { aiSuggestionSurface } from '@/components/ai/aiSurface';
import type { AiSuggestion } from '../types';

interface AiSuggestionPanelProps {
  /** Names the group for assistive technology, e.g. 'AI suggestion for slide 2'. */
  label: string;
  suggestion: AiSuggestion;
  onAccept: () => void;
  onDiscard: () => void;
  /** Accept is saving this one. */
  accepting: boolean;
  /** Something else is saving (e.g. Accept All): both buttons wait. */
  disabled: boolean;
}

/**
 * A pending AI description, marked as AI-written and not saved yet (spec §2 Generate All
 * Missing): Accept saves it, Discard drops it.
 */
export function AiSuggestionPanel({ label, suggestion, onAccept, onDiscard, accepting, disabled }: AiSuggestionPanelProps) {
  const { t } = useTranslation('templates');
  return (
    <Box
      role="group"
      aria-label={label}
      sx={aiSuggestionSurface}
    >
      <AiAttribution provider={suggestion.provider} />
      <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{suggestion.text}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
          {t('suggestion.notSaved')}
        </Typography>
        <Button size="small" color="ai" onClick={onDiscard} disabled={disabled || accepting}>
          {t('suggestion.discard')}
        </Button>
        <Button size="small" variant="contained" color="ai" onClick={onAccept} loading={accepting} disabled={disabled}>
          {t('suggestion.accept')}
        </Button>
      </Box>
    </Box>
  );
}
