import { useEffect } from 'react';
import type { EditorSession } from '../session';
import type { SlideAssistant } from './assistant';
import { keepSuggestions, storedSuggestionsKey } from './storedSuggestions';

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the project's pending AI suggestions in this browser for the signed-in user (see
 * storedSuggestions.ts), restoring those still fresh when the project page opens.
 */
export function useStoredSuggestions(assistant: SlideAssistant, session: EditorSession, userId: string | null) {
  const projectId = session.getState().project._id;
  useEffect(() => {
    if (!userId) return undefined;
    return keepSuggestions(assistant.suggestions, {
      storage: safeLocalStorage(),
      key: storedSuggestionsKey(userId, projectId),
      slides: () => session.getState().doc,
      templateId: () => session.getState().project.pptxFileId ?? null,
    });
  }, [assistant, session, userId, projectId]);
}
