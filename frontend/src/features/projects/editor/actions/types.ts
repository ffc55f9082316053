import type enEditor from '@/i18n/locales/en/editor.json';
import type { EditorState } from '../model';

export type ActionLabelKey = keyof typeof enEditor.actions;

/** A keyboard shortcut; `mod` is Ctrl on Windows/Linux and Cmd on macOS. */
export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/**
 * An editor command (CONVENTIONS 11, after excalidraw's `actions/`): a name, the i18n key of its
 * label, a pure `perform` and an optional shortcut. `perform` returns the very same state object
 * when nothing changes, so the shell neither records an undo step nor saves.
 */
export interface EditorAction<Args> {
  name: string;
  labelKey: ActionLabelKey;
  perform: (state: EditorState, args: Args) => EditorState;
  shortcut?: Shortcut;
  /**
   * Consecutive performs with the same key (typing in one field) merge into one undo step, so
   * Ctrl+Z undoes a burst of typing rather than one character.
   */
  coalesceKey?: (args: Args) => string;
}

export function defineAction<Args>(action: EditorAction<Args>): EditorAction<Args> {
  return action;
}

export function matchesShortcut(shortcut: Shortcut | undefined, event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  if (!shortcut) return false;
  return (
    event.key.toLowerCase() === shortcut.key.toLowerCase() &&
    (event.ctrlKey || event.metaKey) === Boolean(shortcut.mod) &&
    event.shiftKey === Boolean(shortcut.shift) &&
    event.altKey === Boolean(shortcut.alt)
  );
}

/** Replaces one slide (by id) through `update`; the same state when the slide is missing or unchanged. */
export function updateSlide(state: EditorState, slideId: string, update: (slide: EditorState['slides'][number]) => EditorState['slides'][number]): EditorState {
  const index = state.slides.findIndex((slide) => slide.id === slideId);
  const current = state.slides[index];
  if (!current) return state;
  const next = update(current);
  if (next === current) return state;
  const slides = state.slides.slice();
  slides[index] = next;
  return { ...state, slides };
}
