import { createContext, useContext } from 'react';
import type { PptxFile, TemplateElement } from '../../types';
import type { SlideAssistant } from '../ai/assistant';
import type { EditorSession } from '../session';

export interface EditorContextValue {
  session: EditorSession;
  /** Asks the AI about slides; its answers wait as suggestions until accepted or discarded. */
  assistant: SlideAssistant;
  projectId: string;
  template: PptxFile | null;
  /** The elements of a template slide, or null when unknown (no template, still loading). */
  elementsOf: (slideNumber: number | null) => TemplateElement[] | null;
  /** Opens the gallery picker for a picture element. */
  pickImage: (slideId: string, elementName: string) => void;
  /** Uploads a file to the gallery and puts it into a picture element. */
  uploadPicture: (slideId: string, elementName: string, file: File) => Promise<void>;
  /** Opens the add-slide dialog for a position (0 = first). */
  requestAdd: (index: number) => void;
  /** Shows a short message (with an optional Undo). */
  announce: (message: string, options?: { undo?: boolean; severity?: 'success' | 'info' | 'warning' | 'error' }) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const context = useContext(EditorContext);
  if (!context) throw new Error('useEditor must be used inside the slides editor');
  return context;
}
