import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { offlineAvailable } from './aiCall';
import { AiFailureAlert } from './AiFailureAlert';
import { useAiDeadline, useElapsedSeconds } from './aiTiming';
import { AiWaiting } from './AiWaiting';
import type { AiAction } from './useAiAction';

// Read by screen readers, not shown (the usual "sr-only" rules).
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

// How often a screen reader hears "still waiting": each tick of the visible count would drown
// out everything else.
const ANNOUNCE_EVERY_SECONDS = 30;

interface AiActionStatusProps {
  action: AiAction;
  /** The failure in the screen's own words (e.g. "AI request failed: …"); default: the error's message. */
  describe?: (error: unknown) => string;
  /** Whether the waiting line shows (a screen with its own progress, say, shows only failures). */
  showWaiting?: boolean;
  /** Cancel's accessible name, naming what is waited for when several actions may wait at once. */
  cancelLabel?: string;
  sx?: SxProps<Theme>;
}

/**
 * What an AI action is doing, for the screen that started it: while the connected model works,
 * the seconds out of its deadline and Cancel; after a failure, why, with "Use the offline
 * assistant for this" when the server says it can stand in. A polite status region tells screen
 * readers when waiting starts, every half minute after, and that a cancelled action changed nothing.
 */
export function AiActionStatus({ action, describe, showWaiting = true, cancelLabel, sx }: AiActionStatusProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const deadline = useAiDeadline();
  const waiting = showWaiting && action.running && !action.offline && deadline !== null && action.startedAt !== null;
  const elapsed = useElapsedSeconds(waiting ? action.startedAt : null);
  const step = Math.floor(elapsed / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS;
  let announcement = '';
  if (waiting) announcement = step === 0 ? t('ai.waitingStarted', { deadline }) : t('ai.waitingStill', { elapsed: Math.min(step, deadline), deadline });
  else if (action.cancelled) announcement = t('ai.cancelled');

  const failure = action.error !== null && !action.running;
  return (
    <>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {(waiting || failure) && (
        <Box sx={sx}>
          {waiting && action.startedAt !== null && deadline !== null && <AiWaiting startedAt={action.startedAt} deadlineSeconds={deadline} onCancel={action.cancel} cancelLabel={cancelLabel} />}
          {failure && (
            <AiFailureAlert
              message={describe ? describe(action.error) : describeError(action.error)}
              onUseOffline={offlineAvailable(action.error) ? () => void action.retryOffline() : undefined}
              onDismiss={action.dismiss}
            />
          )}
        </Box>
      )}
    </>
  );
}
