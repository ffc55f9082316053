import { acceptSuggestions, keepForOrder } from './ai';
import { setDescription, setNotes, setTemplateSlide } from './content';
import { setElementValue, toggleElementLock } from './elements';
import { addSlide, deleteSlide, moveSlide, moveSlideDown, moveSlideUp, replaceSlides } from './slides';
import type { EditorAction } from './types';

/**
 * Every editor command, by name. Components dispatch through the editor shell
 * (`session.run(action, args)`), which records undo steps and schedules the autosave; nothing
 * else changes the slides.
 */
export const editorActions = {
  addSlide,
  deleteSlide,
  moveSlide,
  moveSlideUp,
  moveSlideDown,
  replaceSlides,
  setDescription,
  setNotes,
  setTemplateSlide,
  setElementValue,
  toggleElementLock,
  acceptSuggestions,
  keepForOrder,
} as const;

export type EditorActionName = keyof typeof editorActions;
export type ArgsOf<Name extends EditorActionName> = (typeof editorActions)[Name] extends EditorAction<infer Args> ? Args : never;

/** Actions with a shortcut, for the keyboard handler and the shortcut help. */
export const shortcutActions = Object.values(editorActions).filter((action) => 'shortcut' in action && action.shortcut);
