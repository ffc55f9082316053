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

/** One slide's pending suggestions and which of its requests are in flight. */
export function useSlideSuggestions(slideId: string): { pending: SlideSuggestions | undefined; busy: (kind: SuggestionKind) => boolean } {
  const state = useSuggestionsState();
  const busy = useCallback((kind: SuggestionKind) => state.busy.has(`${slideId}|${kind}`), [state, slideId]);
  return { pending: state.bySlide[slideId], busy };
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
        announce(error instanceof SlideGoneError ? t('ai.slideGone') : `${t('ai.failed')}: ${describeError(error)}`, { severity: 'error' });
        return false;
      }
    },
    [announce, describeError, t],
  );
}
