import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import SpeakerNotesOutlinedIcon from '@mui/icons-material/SpeakerNotesOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { useProject } from '../../api/getProject';
import { useProjectPreviews, type SlidePreviewState } from '../../api/previews';
import { useTemplate } from '../../api/templates';
import { useLeadingDebounce } from '../../hooks/useLeadingDebounce';
import type { ServerSlide } from '../../types';
import { PreviewBadge } from '../common/PreviewBadge';
import { usePreviewCaption } from '../common/previewText';
import { slideText } from '../common/slideText';
import { slideshowCommand } from './slideshowKeys';
import { useFullscreen } from './useFullscreen';

/** What Play needs of a project; the list's summaries and the project page's detail both fit. */
export interface PlayableProject {
  _id: string;
  title: string;
}

/**
 * Play (spec §2): the user's own slides, as the export draws them, full screen (the Fullscreen
 * API, with this full-window dialog as the fallback), with PowerPoint's keys: → ↓ PageDown
 * Space Enter forward, ← ↑ PageUp Backspace back, Home/End, N for the speaker notes, Esc to
 * leave. The dialog traps focus inside and gives it back to the Play button on close.
 */
export function SlideshowDialog({ project, onClose }: { project: PlayableProject | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      fullScreen
      open={project !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      // On the dark show, the focus ring is white (WCAG 2.4.7).
      slotProps={{ paper: { sx: { bgcolor: '#111', color: 'common.white', '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: '#FFFFFF' } } } }}
    >
      {project && <Slideshow project={project} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function Slideshow({ project, titleId, onClose }: { project: PlayableProject; titleId: string; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const notesId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef, onClose);
  const detail = useProject(project._id);
  const previews = useProjectPreviews(project._id);
  // The template's elements name the slide's text for its alt text (title first).
  const template = useTemplate(detail.data?.pptxFileId ?? null);
  const slides = detail.data?.slides ?? [];
  const total = slides.length;
  const [requested, setRequested] = useState(0);
  const index = Math.min(requested, Math.max(total - 1, 0));
  const [notesOpen, setNotesOpen] = useState(false);
  const go = useCallback((delta: number) => setRequested((current) => Math.min(total - 1, Math.max(0, current + delta))), [total]);
  // A held key steps at a readable pace; separate presses always count.
  const held = useLeadingDebounce(go);

  // Keys work at once, without a click into the show first.
  useEffect(() => rootRef.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') {
      if (rootRef.current) keepTabInside(event, rootRef.current);
      return;
    }
    const command = slideshowCommand(event.key);
    if (command === null) return;
    event.preventDefault();
    if (command === 'notes') setNotesOpen((open) => !open);
    else if ('to' in command) setRequested(command.to === 'first' ? 0 : total - 1);
    else if (event.repeat) held(command.step);
    else go(command.step);
  }

  const previewOf = (slide: ServerSlide | undefined) => previews.data?.slides.find((preview) => preview.slideId === slide?.id);
  const altOf = (slide: ServerSlide, number: number) => {
    const parsed = slide.pptxSlideNumber ? template.data?.parsedSlides[slide.pptxSlideNumber - 1] : undefined;
    const text = slideText(slide, parsed?.elements);
    return text ? t('slideshow.slideAltWithText', { title: project.title, number, text }) : t('slideshow.slideAlt', { title: project.title, number });
  };
  const current = slides[index];
  const notes = current?.notes.trim() ?? '';

  return (
    <Box
      ref={rootRef}
      role="region"
      aria-labelledby={titleId}
      aria-roledescription={t('slideshow.roleDescription')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', outline: 'none', bgcolor: '#111', color: 'common.white' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 2 }, px: { xs: 1.5, sm: 3 }, py: { xs: 0.5, sm: 1.5 } }}>
        <Typography id={titleId} variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 700, minWidth: 0 }}>
          {project.title}
        </Typography>
        {total > 0 && (
          <Typography variant="body2" aria-live="polite" sx={{ opacity: 0.8, whiteSpace: 'nowrap' }}>
            {t('slideshow.counter', { current: index + 1, total })}
          </Typography>
        )}
        {fullscreen.supported && !fullscreen.active && (
          <IconButton color="inherit" onClick={fullscreen.enter} aria-label={t('slideshow.fullscreen')} title={t('slideshow.fullscreen')}>
            <FullscreenIcon />
          </IconButton>
        )}
        <IconButton
          color="inherit"
          onClick={() => setNotesOpen((open) => !open)}
          aria-expanded={notesOpen}
          aria-controls={notesId}
          aria-label={notesOpen ? t('slideshow.hideNotes') : t('slideshow.showNotes')}
          title={notesOpen ? t('slideshow.hideNotes') : t('slideshow.showNotes')}
          sx={{ bgcolor: notesOpen ? 'rgba(255,255,255,0.16)' : undefined }}
        >
          <SpeakerNotesOutlinedIcon />
        </IconButton>
        <IconButton color="inherit" onClick={onClose} aria-label={t('slideshow.close')} title={t('slideshow.close')}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Box sx={{ flex: 1, minHeight: 0, display: 'grid', placeItems: 'center', px: { xs: 1, md: 10 }, pb: { xs: 1, sm: 3 }, containerType: 'size' }}>
        {detail.isPending ? (
          <CircularProgress color="inherit" aria-label={t('slideshow.loading')} />
        ) : detail.isError ? (
          <Typography role="alert">{t('slideshow.loadFailed')}</Typography>
        ) : (
          <Box sx={{ position: 'relative', width: 'min(100cqw, 100cqh * 16 / 9)', aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', boxShadow: 8 }}>
            {/* The neighbours are fetched too (hidden), so stepping shows them at once. */}
            {[index - 1, index, index + 1].map((position) =>
              slides[position] ? (
                <SlideFrame
                  key={slides[position].id}
                  slide={slides[position]}
                  preview={previewOf(slides[position])}
                  visible={position === index}
                  alt={altOf(slides[position], position + 1)}
                />
              ) : null,
            )}
          </Box>
        )}
      </Box>

      {notesOpen && (
        <Box
          id={notesId}
          role="region"
          aria-label={t('slideshow.notes')}
          sx={{ maxHeight: '30vh', overflowY: 'auto', px: { xs: 2, sm: 10 }, py: 1.5, borderTop: 1, borderColor: 'rgba(255,255,255,0.2)', bgcolor: '#1b1b1b' }}
        >
          <Typography variant="overline" component="h3" sx={{ opacity: 0.7, lineHeight: 1.5 }}>
            {t('slideshow.notes')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', fontSize: { xs: 16, sm: 18 }, opacity: notes ? 1 : 0.6 }}>{notes || t('slideshow.noNotes')}</Typography>
        </Box>
      )}

      {total > 1 && (
        <>
          <NavButton side="left" label={t('slideshow.previous')} disabled={index === 0} onClick={() => go(-1)} />
          <NavButton side="right" label={t('slideshow.next')} disabled={index >= total - 1} onClick={() => go(1)} />
        </>
      )}
      <Typography variant="caption" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', opacity: 0.6, pb: 1 }}>
        {detail.isPending ? tCommon('loading') : t('slideshow.keysHint')}
      </Typography>
    </Box>
  );
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. The
 * dialog's own focus trap cannot do it in full screen: its guards sit outside the full-screen
 * element, where the browser's Tab order does not go (focus fell to the page body instead).
 */
function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const controls = Array.from(container.querySelectorAll<HTMLElement>('button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])'));
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function SlideFrame({ slide, preview, visible, alt }: { slide: ServerSlide; preview: SlidePreviewState | undefined; visible: boolean; alt: string }) {
  const { t } = useTranslation('projects');
  const caption = usePreviewCaption();
  const drawable = slide.pptxSlideNumber !== null && slide.pptxSlideNumber !== undefined;
  return (
    <Box aria-hidden={!visible} sx={{ position: 'absolute', inset: 0, visibility: visible ? 'visible' : 'hidden', bgcolor: 'common.white' }}>
      <AuthImage src={drawable ? (preview?.url ?? null) : null} alt={alt} fit="contain" missingCaption={drawable ? caption(preview) : t('slideshow.noTemplateSlide')} />
      {visible && <PreviewBadge preview={preview} />}
    </Box>
  );
}

function NavButton({ side, label, disabled, onClick }: { side: 'left' | 'right'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      sx={{
        position: 'absolute',
        top: '50%',
        [side]: { xs: 4, sm: 16 },
        transform: 'translateY(-50%)',
        color: 'common.white',
        bgcolor: 'rgba(0,0,0,0.35)',
        '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
        '&.Mui-disabled': { color: 'rgba(255,255,255,0.25)' },
      }}
    >
      {side === 'left' ? <ChevronLeftIcon fontSize="large" /> : <ChevronRightIcon fontSize="large" />}
    </IconButton>
  );
}
