import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatList } from '@/i18n/format';
import { WHOLE_ANSWER, partsFromOffline } from './answerParts';

interface AiAttributionProps {
  provider: string;
  /** Parts of the answer the offline assistant completed (`fallbackFields`; '*' for all of it). */
  fallbackFields?: readonly string[];
  /** Numbers, dates and names of the model's that are in none of the user's inputs, left out. */
  droppedFacts?: readonly string[];
}

/**
 * Who made a suggestion: "the offline assistant" (built in, rule-based) or the connected
 * model, so nobody mistakes the offline assistant's plain suggestions for a model's. When the
 * offline assistant completed parts of a model's answer, or facts of the model's were left out,
 * a short note under it says which.
 */
export function AiAttribution({ provider, fallbackFields = [], droppedFacts = [] }: AiAttributionProps) {
  const { t, i18n } = useTranslation();
  const label = (
    <Typography variant="caption" color="ai.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
      <AutoAwesomeIcon sx={{ fontSize: 14 }} aria-hidden />
      {provider === 'offline' ? t('ai.byOffline') : t('ai.byModel')}
    </Typography>
  );
  const notes: string[] = [];
  if (fallbackFields.includes(WHOLE_ANSWER)) notes.push(t('ai.wholeFromOffline'));
  else if (fallbackFields.length > 0) notes.push(t('ai.partsFromOffline', { parts: formatList(partsFromOffline(fallbackFields, t), i18n.language) }));
  if (droppedFacts.length > 0) notes.push(t('ai.droppedFacts', { facts: formatList(droppedFacts, i18n.language) }));
  if (notes.length === 0) return label;
  return (
    // A block of its own in a wrapping row, so the notes read under the name, not beside it.
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.25, minWidth: 0, flexBasis: { xs: '100%', sm: 'auto' } }}>
      {label}
      {notes.map((note) => (
        <Typography key={note} variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {note}
        </Typography>
      ))}
    </Box>
  );
}
