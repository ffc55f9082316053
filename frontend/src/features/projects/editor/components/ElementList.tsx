import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { elementTypeColor, elementTypeTextColor } from '@/components/media/elementColors';
import { editorActions } from '../actions/registry';
import { editableElements, hasValue, isElementLocked, type EditorSlide } from '../model';
import type { TemplateElement } from '../../types';
import { useEditorAiAction } from '../ai/hooks';
import { EditorAiStatus } from './ai/EditorAiStatus';
import { ElementAiButton, ElementSuggestion } from './ai/ElementAi';
import { elementInputId } from './anchors';
import { useEditor } from './EditorContext';
import { ChartElementEditor } from './elements/ChartElementEditor';
import { PictureElementEditor } from './elements/PictureElementEditor';
import { TableElementEditor } from './elements/TableElementEditor';
import { TextElementEditor } from './elements/TextElementEditor';
import type { ElementEditorProps } from './elements/types';

const EDITORS: Record<string, ComponentType<ElementEditorProps>> = {
  text: TextElementEditor,
  picture: PictureElementEditor,
  table: TableElementEditor,
  chart: ChartElementEditor,
};

interface ElementListProps {
  slide: EditorSlide;
  elements: readonly TemplateElement[];
  highlighted: string | null;
  onHover: (name: string | null) => void;
}

/** Every fillable element of the slide's template slide, with its editor and lock toggle. */
export const ElementList = memo(function ElementList({ slide, elements, highlighted, onHover }: ElementListProps) {
  const { t } = useTranslation('editor');
  const fillable = editableElements(elements);
  if (fillable.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t('elements.none')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} onMouseLeave={() => onHover(null)} role="list" aria-label={t('elements.listLabel')}>
      {fillable.map((element) => (
        <ElementRow key={element.name} slide={slide} element={element} highlighted={highlighted === element.name} onHover={onHover} />
      ))}
    </Stack>
  );
});

function ElementRow({ slide, element, highlighted, onHover }: { slide: EditorSlide; element: TemplateElement; highlighted: boolean; onHover: (name: string | null) => void }) {
  const { t } = useTranslation('editor');
  const { t: tMedia } = useTranslation('media');
  const { session } = useEditor();
  const locked = isElementLocked(element, slide);
  const overridden = slide.lockedElementNames.includes(element.name);
  const color = elementTypeColor(element.type);
  const value = slide.formData[element.name];
  const filled = hasValue(element.type, value);
  const Editor = EDITORS[element.type];
  const lockLabel = locked ? t('elements.unlock', { name: element.name }) : t('elements.lock', { name: element.name });
  // The element's AI action: its progress and failure show under the element's editor.
  const ai = useEditorAiAction();

  return (
    <Box
      role="listitem"
      aria-label={element.name}
      data-element={element.name}
      onMouseEnter={() => onHover(element.name)}
      sx={{
        borderLeft: 3,
        borderColor: color,
        borderRadius: 1,
        pl: 1.5,
        pr: 1,
        py: 1,
        bgcolor: highlighted ? alpha(color, 0.08) : 'transparent',
        transition: 'background-color 150ms',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75 }}>
        <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {element.name}
        </Typography>
        <Chip size="small" label={tMedia(`elementTypes.${element.type}`)} sx={{ height: 20, fontSize: 11, color: elementTypeTextColor(element.type), bgcolor: alpha(color, 0.1) }} />
        {!locked && !filled && <Chip size="small" variant="outlined" label={t('elements.empty')} sx={{ height: 20, fontSize: 11 }} />}
        <Box sx={{ flex: 1 }} />
        {!locked && <ElementAiButton slide={slide} element={element} ai={ai} />}
        <Tooltip title={locked ? t('elements.lockedHint') : t('elements.unlockedHint')}>
          <IconButton
            size="small"
            aria-label={lockLabel}
            aria-pressed={locked}
            onClick={() => session.run(editorActions.toggleElementLock, { slideId: slide.id, name: element.name })}
            color={locked ? 'primary' : 'default'}
          >
            {locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Stack>
      {Editor && (
        <Editor
          slideId={slide.id}
          element={element}
          value={value}
          disabled={locked}
          inputId={elementInputId(slide.id, element.name)}
          onChange={(next) => session.run(editorActions.setElementValue, { slideId: slide.id, name: element.name, value: next })}
        />
      )}
      <EditorAiStatus action={ai} sx={{ mt: 1 }} />
      {!locked && <ElementSuggestion slide={slide} element={element} />}
      {(locked || overridden) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {locked ? (overridden ? t('elements.lockedBySlide') : t('elements.lockedByTemplate')) : t('elements.unlockedBySlide')}
        </Typography>
      )}
    </Box>
  );
}
