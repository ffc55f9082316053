import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { useSlidePreview } from '../../api/previews';
import { PreviewBadge } from '../../components/common/PreviewBadge';
import { editorActions } from '../actions/registry';
import { slideCompleteness, type EditorSlide } from '../model';
import { useEditor } from './EditorContext';

interface SlideNavigatorProps {
  slides: EditorSlide[];
  activeId: string | null;
  onNavigate: (slideId: string) => void;
}

/**
 * The slide rail: every slide as a small thumbnail, the place to jump and to reorder by drag
 * and drop, with the mouse or the keyboard (focus a handle, Space to lift, arrows to move,
 * Space to drop, Escape to cancel), announced to screen readers in the interface language.
 */
export function SlideNavigator({ slides, activeId, onNavigate }: SlideNavigatorProps) {
  const { t } = useTranslation('editor');
  const { session } = useEditor();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => slides.map((slide) => slide.id), [slides]);
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { position: positionOf(active.id), target: positionOf(over.id) }) : t('dnd.outside')),
    onDragEnd: ({ active, over }) => (over ? t('dnd.dropped', { position: positionOf(active.id), target: positionOf(over.id) }) : t('dnd.cancelled')),
    onDragCancel: () => t('dnd.cancelled'),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    session.run(editorActions.moveSlide, { slideId: String(active.id), toIndex: ids.indexOf(String(over.id)) });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label={t('navigator.label')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {slides.map((slide, index) => (
            <NavigatorItem key={slide.id} slide={slide} position={index + 1} active={slide.id === activeId} onNavigate={onNavigate} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

const NavigatorItem = memo(function NavigatorItem({
  slide,
  position,
  active,
  onNavigate,
}: {
  slide: EditorSlide;
  position: number;
  active: boolean;
  onNavigate: (slideId: string) => void;
}) {
  const { t } = useTranslation('editor');
  const { template, elementsOf, projectId } = useEditor();
  const preview = useSlidePreview(projectId, slide.id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: slide.id });
  const elements = elementsOf(slide.pptxSlideNumber);
  const completeness = elements ? slideCompleteness(slide, elements) : null;
  const needsWork = !slide.contentDescription.trim() || slide.pptxSlideNumber === null || (completeness !== null && completeness.filled < completeness.total);

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        borderRadius: 1.5,
        bgcolor: isDragging ? 'background.paper' : active ? 'rgba(199, 91, 57, 0.08)' : 'transparent',
        boxShadow: isDragging ? 6 : 0,
        zIndex: isDragging ? 2 : 'auto',
        pr: 0.75,
      }}
    >
      <Box
        component="button"
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('navigator.drag', { position })}
        sx={{
          border: 0,
          bgcolor: 'transparent',
          color: 'text.secondary',
          cursor: isDragging ? 'grabbing' : 'grab',
          display: 'grid',
          placeItems: 'center',
          p: 0.25,
          borderRadius: 1,
          alignSelf: 'stretch',
          touchAction: 'none',
          '&:hover, &:focus-visible': { color: 'text.primary', bgcolor: 'action.hover', outline: 'none' },
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        <DragIndicatorIcon fontSize="small" />
      </Box>
      <ButtonBase
        onClick={() => onNavigate(slide.id)}
        aria-label={t('navigator.goTo', { position })}
        aria-current={active ? 'true' : undefined}
        sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', gap: 0.75, borderRadius: 1, p: 0.5, textAlign: 'left', minWidth: 0 }}
      >
        <Typography variant="caption" sx={{ fontWeight: 700, width: 18, textAlign: 'right', color: active ? 'primary.main' : 'text.secondary', pt: 0.25 }}>
          {position}
        </Typography>
        <Box
          sx={{
            position: 'relative',
            flex: 1,
            aspectRatio: '16 / 9',
            borderRadius: 0.75,
            overflow: 'hidden',
            border: 2,
            borderColor: active ? 'primary.main' : 'divider',
          }}
        >
          <AuthImage
            src={template && slide.pptxSlideNumber !== null ? (preview?.url ?? null) : null}
            alt={t('navigator.thumbnailAlt', { position })}
            fit="cover"
          />
          <PreviewBadge preview={preview} compact />
          {needsWork && (
            <Box
              aria-hidden
              title={t('navigator.needsWork')}
              sx={{ position: 'absolute', top: 3, right: 3, width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main', boxShadow: '0 0 0 1.5px #fff' }}
            />
          )}
        </Box>
      </ButtonBase>
    </Box>
  );
});
