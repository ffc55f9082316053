import type { TemplateElement } from '../../../types';

export interface ElementEditorProps {
  slideId: string;
  element: TemplateElement;
  value: unknown;
  /** Locked elements keep the template's content: their editor is read-only. */
  disabled: boolean;
  onChange: (value: unknown) => void;
  /** The id of the editor's first field, so the preview's outlines can focus it. */
  inputId: string;
}
