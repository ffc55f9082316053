import { useCallback, useSyncExternalStore } from 'react';
import { useAiAction, type AiAction } from '@/components/ai/useAiAction';
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
 * An editor AI action (see `useAiAction`): a slide that is gone is said in a snackbar; any other
 * failure stays on the action, for `EditorAiStatus` to show where the action was started.
 */
export function useEditorAiAction(): AiAction {
  const { t } = useTranslation('editor');
  const { announce } = useEditor();
  const onError = useCallback(
    (error: unknown) => {
      if (!(error instanceof SlideGoneError)) return false;
      announce(t('ai.slideGone'), { severity: 'error' });
      return true;
    },
    [announce, t],
  );
  return useAiAction({ onError });
}

/** "AI request failed: …", the editor's words for a failed AI action. */
export function useDescribeAiFailure(): (error: unknown) => string {
  const { t } = useTranslation('editor');
  const describeError = useErrorMessage();
  return useCallback((error: unknown) => t('ai.failed', { reason: describeError(error) }), [describeError, t]);
}
