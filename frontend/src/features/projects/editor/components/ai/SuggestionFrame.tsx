import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiAnswerOrigin } from '@/components/ai/aiCall';
import { aiSuggestionSurface } from '@/components/ai/aiSurface';

interface SuggestionFrameProps {
  /** What is suggested, e.g. 'Suggested description'. */
  title: string;
  /** The region's accessible name, e.g. 'Suggested description, slide 3'; default: the title. */
  label?: string;
  /** Who suggested it, and which parts the offline assistant completed. */
  origin: AiAnswerOrigin;
  /** Why the assistant suggests it. */
  reason?: string;
  children: ReactNode;
  onAccept: () => void;
  onDiscard: () => void;
  acceptLabel?: string;
  acceptDisabled?: boolean;
  /** Extra controls beside Accept and Discard (e.g. Regenerate). */
  extraActions?: ReactNode;
}

/**
 * One AI suggestion waiting for a decision: what, who suggested it, why, a preview, and Accept
 * or Discard. Tinted in the AI colour so suggestions never pass for the user's own content.
 */
export function SuggestionFrame({ title, label, origin, reason, children, onAccept, onDiscard, acceptLabel, acceptDisabled, extraActions }: SuggestionFrameProps) {
  const { t } = useTranslation('editor');
  return (
    <Box
      role="region"
      aria-label={label ?? title}
      sx={aiSuggestionSurface}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.25, mb: 0.75 }}>
        <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <AiAttribution provider={origin.provider} fallbackFields={origin.fallbackFields} droppedFacts={origin.droppedFacts} />
      </Stack>
      {children}
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('ai.reason')}
          </Box>{' '}
          {reason}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.25, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" variant="contained" color="ai" startIcon={<CheckIcon />} onClick={onAccept} disabled={acceptDisabled}>
          {acceptLabel ?? t('ai.accept')}
        </Button>
        <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={onDiscard}>
          {t('ai.discard')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {extraActions}
      </Stack>
    </Box>
  );
}
