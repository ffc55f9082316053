import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SpeakerNotesOutlinedIcon from '@mui/icons-material/SpeakerNotesOutlined';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import VerticalAlignTopIcon from '@mui/icons-material/VerticalAlignTop';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidePreview } from '@/components/media/SlidePreview';
import { useDebouncedCallback } from '@/components/media/useDebouncedCallback';
import { HOVER_DEBOUNCE_MS } from '@/components/media/SlidePreview';
import { useSlidePreview } from '../../api/previews';
import { PreviewBadge } from '../../components/common/PreviewBadge';
import { usePreviewCaption } from '../../components/common/previewText';
import { slideText } from '../../components/common/slideText';
import { editorActions } from '../actions/registry';
import { matchesShortcut } from '../actions/types';
import { editableElements, slideCompleteness, type EditorSlide } from '../model';
import { DescriptionField } from './DescriptionField';
import { useEditor } from './EditorContext';
import { elementInputId, slideAnchorId } from './anchors';
import { useEditorAiAction } from '../ai/hooks';
import { EditorAiStatus } from './ai/EditorAiStatus';
import { SlideAiMenu } from './ai/SlideAiMenu';
import { SlideSuggestionsPanel } from './ai/SlideSuggestionsPanel';
import { ElementList } from './ElementList';

interface SlideCardProps {
  slide: EditorSlide;
  index: number;
  total: number;
  onChooseTemplateSlide: (slideId: string) => void;
}

/** One planned slide: preview with outlines, description, template choice, elements, notes. */
export const SlideCard = memo(function SlideCard({ slide, index, total, onChooseTemplateSlide }: SlideCardProps) {
  const { t } = useTranslation('editor');
  const { session, projectId, template, elementsOf, requestAdd, announce } = useEditor();
  // The slide as the export draws it (rendered after each save), not the template's sample.
  const preview = useSlidePreview(projectId, slide.id);
  const previewCaption = usePreviewCaption();
  const position = index + 1;
  const elements = elementsOf(slide.pptxSlideNumber);
  const templateSlide = template && slide.pptxSlideNumber !== null ? template.parsedSlides[slide.pptxSlideNumber - 1] : undefined;
  const completeness = elements ? slideCompleteness(slide, elements) : null;
  // The picture is the slide as exported: its alt text says what the user wrote on it.
  const altText = slideText(slide, elements);
  const [expanded, setExpanded] = useState(true);
  const [notesOpen, setNotesOpen] = useState(Boolean(slide.notes));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // Spec §9: hover highlighting settles after 50 ms, so sweeping across rows does not flicker.
  const hoverRow = useDebouncedCallback(setHighlighted, HOVER_DEBOUNCE_MS);
  const outlines = elements ? editableElements(elements) : [];
  // The slide menu's AI action: its progress and failure show in the slide, above its suggestions.
  const slideAi = useEditorAiAction();

  const run = session.run.bind(session);
  const focusElement = useCallback(
    (name: string) => {
      setExpanded(true);
      setHighlighted(name);
      // After the list has expanded.
      window.setTimeout(() => {
        const input = document.getElementById(elementInputId(slide.id, name));
        input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        input?.focus({ preventScroll: true });
      }, 50);
    },
    [slide.id],
  );

  function onKeyDown(event: KeyboardEvent) {
    for (const action of [editorActions.moveSlideUp, editorActions.moveSlideDown]) {
      if (matchesShortcut(action.shortcut, event)) {
        event.preventDefault();
        run(action, { slideId: slide.id });
      }
    }
  }

  const complete = completeness !== null && completeness.total > 0 && completeness.filled === completeness.total;

  return (
    <Card
      component="article"
      id={slideAnchorId(slide.id)}
      aria-label={t('slide.label', { position })}
      onKeyDown={onKeyDown}
      sx={{ scrollMarginTop: 132, overflow: 'visible' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', rowGap: 1 }}>
        <Box
          aria-hidden
          sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 14, flexShrink: 0 }}
        >
          {position}
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('slide.label', { position })}
        </Typography>
        {templateSlide ? (
          <Chip size="small" variant="outlined" icon={<ViewQuiltOutlinedIcon />} label={t('slide.templateSlide', { number: templateSlide.slideNumber, name: templateSlide.layoutName })} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t('slide.noTemplateSlide')} />
        )}
        {completeness && completeness.total > 0 && (
          <Tooltip title={t('slide.completenessHint')}>
            <Chip
              size="small"
              color={complete ? 'success' : 'default'}
              icon={complete ? <CheckCircleOutlineIcon /> : undefined}
              label={t('slide.completeness', { filled: completeness.filled, total: completeness.total })}
            />
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        <SlideAiMenu slide={slide} position={position} ai={slideAi} />
        <Tooltip title={t('actions.moveSlideUp')}>
          <span>
            <IconButton size="small" aria-label={t('slide.moveUp', { position })} disabled={index === 0} onClick={() => run(editorActions.moveSlideUp, { slideId: slide.id })}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('actions.moveSlideDown')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('slide.moveDown', { position })}
              disabled={index === total - 1}
              onClick={() => run(editorActions.moveSlideDown, { slideId: slide.id })}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton size="small" aria-label={t('slide.more', { position })} aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null);
              requestAdd(index);
            }}
          >
            <ListItemIcon>
              <VerticalAlignTopIcon fontSize="small" />
            </ListItemIcon>
            {t('slide.addAbove')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMenu(null);
              requestAdd(index + 1);
            }}
          >
            <ListItemIcon>
              <VerticalAlignBottomIcon fontSize="small" />
            </ListItemIcon>
            {t('slide.addBelow')}
          </MenuItem>
          <Divider />
          <MenuItem
            disabled={total <= 1}
            onClick={() => {
              setMenu(null);
              if (run(editorActions.deleteSlide, { slideId: slide.id })) announce(t('slide.deleted', { position }), { undo: true });
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" color="error" />
            </ListItemIcon>
            {t('actions.deleteSlide')}
          </MenuItem>
        </Menu>
      </Stack>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 3, p: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          {template && templateSlide ? (
            <Box sx={{ position: { md: 'sticky' }, top: { md: 140 } }}>
              <Box sx={{ position: 'relative', borderRadius: 1, boxShadow: 1 }}>
                <SlidePreview
                  imageUrl={preview?.url ?? null}
                  missingCaption={previewCaption(preview)}
                  alt={altText ? t('slide.previewAltText', { position, text: altText }) : t('slide.previewAlt', { position, number: templateSlide.slideNumber })}
                  slideWidth={template.slideWidth}
                  slideHeight={template.slideHeight}
                  elements={outlines}
                  highlightedElementName={highlighted}
                  onElementHover={setHighlighted}
                  onElementClick={focusElement}
                />
                <PreviewBadge preview={preview} />
              </Box>
              <Button size="small" startIcon={<ViewQuiltOutlinedIcon />} onClick={() => onChooseTemplateSlide(slide.id)} sx={{ mt: 1 }}>
                {t('slide.changeTemplateSlide')}
              </Button>
            </Box>
          ) : (
            <ButtonBase
              onClick={() => onChooseTemplateSlide(slide.id)}
              disabled={!template}
              aria-label={t('slide.chooseTemplateSlideFor', { position })}
              sx={{
                width: '100%',
                aspectRatio: '16 / 9',
                borderRadius: 1,
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'divider',
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                color: 'text.secondary',
                '&:hover': { borderColor: 'primary.main', color: 'primary.main' },
              }}
            >
              <ViewQuiltOutlinedIcon sx={{ fontSize: 40 }} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {template ? t('slide.chooseTemplateSlide') : t('slide.noProjectTemplate')}
              </Typography>
            </ButtonBase>
          )}
        </Box>

        {/* Gaps rather than margins: the status's hidden live region takes no room. */}
        <Stack spacing={2} useFlexGap sx={{ minWidth: 0 }}>
          <EditorAiStatus action={slideAi} />
          <SlideSuggestionsPanel slide={slide} position={position} />
          <Box>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              {t('description.label')}
            </Typography>
            <DescriptionField slideId={slide.id} value={slide.contentDescription} position={position} />
          </Box>

          {slide.pptxSlideNumber !== null && (
            <Box>
              <Button
                size="small"
                color="inherit"
                onClick={() => setExpanded((open) => !open)}
                endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                aria-expanded={expanded}
                sx={{ px: 0.5, color: 'text.secondary', fontWeight: 700 }}
              >
                {t('elements.title', { count: outlines.length })}
              </Button>
              <Collapse in={expanded} unmountOnExit>
                <Box sx={{ mt: 1 }}>
                  {elements ? (
                    <ElementList slide={slide} elements={elements} highlighted={highlighted} onHover={hoverRow} />
                  ) : (
                    <Stack spacing={1}>
                      <Skeleton height={56} />
                      <Skeleton height={56} />
                    </Stack>
                  )}
                </Box>
              </Collapse>
            </Box>
          )}

          <Box>
            <Button
              size="small"
              color="inherit"
              startIcon={<SpeakerNotesOutlinedIcon />}
              endIcon={notesOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              onClick={() => setNotesOpen((open) => !open)}
              aria-expanded={notesOpen}
              sx={{ px: 0.5, color: 'text.secondary', fontWeight: 700 }}
            >
              {t('notes.title')}
            </Button>
            <Collapse in={notesOpen} unmountOnExit>
              <TextField
                value={slide.notes}
                onChange={(event) => run(editorActions.setNotes, { slideId: slide.id, value: event.target.value })}
                placeholder={t('notes.placeholder')}
                multiline
                minRows={2}
                maxRows={10}
                fullWidth
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { 'aria-label': t('notes.ariaLabel', { position }) } }}
              />
            </Collapse>
          </Box>
        </Stack>
      </Box>
    </Card>
  );
});
