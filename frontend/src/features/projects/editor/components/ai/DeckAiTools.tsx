import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiAttribution } from '@/components/ai/AiAttribution';
import { editorActions } from '../../actions/registry';
import { useEditorAiAction, useSuggestionsState } from '../../ai/hooks';
import { acceptAllItems, slidesToFill } from '../../ai/deck';
import { countSuggestions } from '../../ai/suggestions';
import type { EditorSlide } from '../../model';
import { useEditor } from '../EditorContext';
import { EditorAiStatus } from './EditorAiStatus';

/**
 * Deck-wide AI help above the slides: fill every slide that has empty elements (one AI call per
 * slide), describe the slides that lack a description (one call), and accept or discard every
 * waiting suggestion at once (one undo step). Filling has a deadline per slide: the waiting line
 * counts from the slide being filled; Cancel stops there, keeping what was suggested before, and
 * says how many slides were filled ("Fill … slides with empty elements" then does the rest).
 */
export function DeckAiTools({ slides, provider }: { slides: readonly EditorSlide[]; provider: string | undefined }) {
  const { t } = useTranslation('editor');
  const { session, assistant, elementsOf, announce } = useEditor();
  const ai = useEditorAiAction();
  const state = useSuggestionsState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const pending = countSuggestions(state);
  const toFill = slidesToFill(slides, elementsOf, state);
  const undescribed = slides.filter((slide) => !slide.contentDescription.trim()).map((slide) => slide.id);

  async function fillAll() {
    setAnchor(null);
    const all = slides.filter((slide) => slide.pptxSlideNumber !== null).map((slide) => slide.id);
    await ai.run(async (options) => {
      // Asked when it runs: an offline re-run after a failure skips the slides filled before it.
      const fresh = slidesToFill(slides, elementsOf, assistant.suggestions.getState());
      const ids = fresh.length > 0 ? fresh : all;
      let reached = { done: 0, total: ids.length };
      try {
        await assistant.generateAllValues(
          ids,
          (done, total) => {
            reached = { done, total };
            setProgress(reached);
            ai.restartClock();
          },
          options,
        );
      } catch (error) {
        // Cancel: the slides filled so far keep their suggestions; filling again does the rest.
        if (options.signal?.aborted) announce(t('ai.fillCancelled', { done: reached.done, count: reached.total }), { severity: 'info' });
        throw error;
      } finally {
        setProgress(null);
      }
    });
  }

  async function describeAll() {
    setAnchor(null);
    const ids = undescribed.length > 0 ? undescribed : slides.map((slide) => slide.id);
    await ai.run((options) => assistant.suggestDescriptions(ids, options));
  }

  function acceptAll() {
    const { items, applied } = acceptAllItems(state, slides, elementsOf);
    const changed = session.run(editorActions.acceptSuggestions, { items });
    for (const { slideId, kind } of applied) assistant.suggestions.remove(slideId, kind);
    const left = countSuggestions(assistant.suggestions.getState());
    // Undo only when something changed: otherwise it would undo the user's previous edit.
    if (applied.length === 0) announce(t('ai.nothingApplicable'), { severity: 'info' });
    else announce(left > 0 ? t('ai.acceptedSome', { count: applied.length, left }) : t('ai.acceptedAll', { count: applied.length }), { undo: changed });
  }

  const busy = ai.running;
  const fillable = slides.some((slide) => slide.pptxSlideNumber !== null);

  return (
    <>
      <Button
        size="small"
        color="ai"
        variant="outlined"
        startIcon={<AutoAwesomeIcon />}
        loading={busy}
        loadingPosition="start"
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('ai.deckMenu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={!fillable} onClick={() => void fillAll()}>
          <ListItemIcon>
            <EditNoteIcon fontSize="small" color="ai" />
          </ListItemIcon>
          <ListItemText
            primary={toFill.length > 0 ? t('ai.fillEmpty', { count: toFill.length }) : t('ai.fillAll')}
            secondary={fillable ? t('ai.fillAllHint') : t('ai.fillNeedsTemplateSlide')}
          />
        </MenuItem>
        <MenuItem onClick={() => void describeAll()}>
          <ListItemIcon>
            <DescriptionOutlinedIcon fontSize="small" color="ai" />
          </ListItemIcon>
          <ListItemText
            primary={undescribed.length > 0 ? t('ai.describeMissing', { count: undescribed.length }) : t('ai.describeAll')}
            secondary={t('ai.describeHint')}
          />
        </MenuItem>
        {provider && (
          <Box sx={{ px: 2, pt: 1, pb: 0.5 }}>
            <AiAttribution provider={provider} />
          </Box>
        )}
      </Menu>
      <EditorAiStatus action={ai} sx={{ flexBasis: '100%' }} />
      {(progress !== null || pending > 0) && (
        <Box sx={{ flexBasis: '100%' }}>
          {progress !== null && (
            <Box role="status" sx={{ mb: pending > 0 ? 1 : 0 }}>
              <Box sx={{ fontSize: 14, color: 'text.secondary', mb: 0.5 }}>{t('ai.filling', { done: progress.done, total: progress.total })}</Box>
              <LinearProgress
                variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
                value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
                color="ai"
                aria-label={t('ai.filling', { done: progress.done, total: progress.total })}
              />
            </Box>
          )}
          {pending > 0 && (
            <Alert
              role="status"
              severity="info"
              icon={<AutoAwesomeIcon color="ai" />}
              sx={{ alignItems: 'center' }}
              action={
                <Stack direction="row" spacing={1}>
                  <Button size="small" color="ai" variant="contained" startIcon={<CheckIcon />} onClick={acceptAll} disabled={busy}>
                    {t('ai.acceptAll')}
                  </Button>
                  <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={() => assistant.suggestions.clear()}>
                    {t('ai.discardAll')}
                  </Button>
                </Stack>
              }
            >
              {t('ai.pending', { count: pending })}
            </Alert>
          )}
        </Box>
      )}
    </>
  );
}
