import { useEffect } from 'react';
import type { EditorSession } from '../../editor/session';

/**
 * Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z or Ctrl+Y redoes the last deck change, also while
 * typing in a slide's field (the deck's history replaces the field's own). Dialogs keep their
 * native undo.
 */
export function useEditorShortcuts(session: EditorSession, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return undefined;
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      const undo = key === 'z' && !event.shiftKey;
      if (!undo && !redo) return;
      event.preventDefault();
      if (undo) session.undo();
      else session.redo();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [session, enabled]);
}
