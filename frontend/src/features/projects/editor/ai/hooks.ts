import { useCallback, useSyncExternalStore } from 'react';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../components/EditorContext';
import { SlideGoneError } from './assistant';
import type { SlideSuggestions, SuggestionKind, SuggestionsState } from './suggestions';

/** Every pending suggestion (re-renders on any change: for deck-wide tools). */
export function useSuggestionsState(): SuggestionsState {
  const { assistant } = useEditor();
  return useSyncExternalStore(assistant.suggestions.subscribe, assistant.suggestions.getState);
}

/**
 * One slide's pending suggestions and which of its requests are in flight. Both snapshots only
 * change with this slide's suggestions, so other slides' cards do not re-render meanwhile.
 */
export function useSlideSuggestions(slideId: string): { pending: SlideSuggestions | undefined; busy: (kind: SuggestionKind) => boolean } {
  const { assistant } = useEditor();
  const store = assistant.suggestions;
  const pending = useSyncExternalStore(store.subscribe, () => store.getState().bySlide[slideId]);
  const busyKinds = useSyncExternalStore(store.subscribe, () => store.busyOf(slideId));
  const busy = useCallback((kind: SuggestionKind) => busyKinds.split('\n').includes(kind), [busyKinds]);
  return { pending, busy };
}

/**
 * Runs an assistant request and reports its outcome: failures (rate limit, no AI, a slide that
 * is gone) as an error snackbar, an empty answer as a note. Resolves to whether it succeeded.
 */
export function useAiRequest() {
  const { t } = useTranslation('editor');
  const { announce } = useEditor();
  const describeError = useErrorMessage();
  return useCallback(
    async (request: () => Promise<unknown>): Promise<boolean> => {
      try {
        await request();
        return true;
      } catch (error) {
        announce(error instanceof SlideGoneError ? t('ai.slideGone') : t('ai.failed', { reason: describeError(error) }), { severity: 'error' });
        return false;
      }
    },
    [announce, describeError, t],
  );
}
