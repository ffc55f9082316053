import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { useLeadingDebounce } from '../../hooks/useLeadingDebounce';
import { thumbnailUrl, type ProjectSummary } from '../../types';

/**
 * Play (spec §2, issue 5): the project's slides full screen, one template thumbnail per planned
 * slide, with the arrow keys (and Home/End) to move and Escape to leave. Slides without a
 * template slide yet show a placeholder that says so.
 */
export function SlideshowDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  return (
    <Dialog fullScreen open={project !== null} onClose={onClose} slotProps={{ paper: { sx: { bgcolor: '#111', color: 'common.white' } } }}>
      {project && <Slideshow project={project} onClose={onClose} />}
    </Dialog>
  );
}

function Slideshow({ project, onClose }: { project: ProjectSummary; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const titleId = useId();
  const total = project.slideNumbers.length;
  const [index, setIndex] = useState(0);
  const go = useCallback((delta: number) => setIndex((current) => Math.min(total - 1, Math.max(0, current + delta))), [total]);
  const step = useLeadingDebounce(go);
  const number = project.slideNumbers[index] ?? null;
  const src = project.pptxFileId && number !== null ? thumbnailUrl(project.pptxFileId, number) : null;

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, ' ': 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      step(moves[event.key] as number);
    } else if (event.key === 'Home') setIndex(0);
    else if (event.key === 'End') setIndex(total - 1);
  }

  return (
    <Box
      role="region"
      aria-labelledby={titleId}
      aria-roledescription={t('slideshow.roleDescription')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', outline: 'none' }}
      // Keyboard navigation works at once, without a click into the slideshow first.
      ref={(node: HTMLDivElement | null) => node?.focus()}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {project.title}
        </Typography>
        <Typography variant="body2" aria-live="polite" sx={{ opacity: 0.8 }}>
          {t('slideshow.counter', { current: index + 1, total })}
        </Typography>
        <IconButton color="inherit" onClick={onClose} aria-label={t('slideshow.close')} title={t('slideshow.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', px: { xs: 1, md: 10 }, pb: 4 }}>
        <Box sx={{ width: '100%', maxWidth: 'calc((100vh - 140px) * 16 / 9)', aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', boxShadow: 8 }}>
          <AuthImage
            key={index}
            src={src}
            alt={t('slideshow.slideAlt', { title: project.title, number: index + 1 })}
            fit="contain"
            missingCaption={number === null ? t('slideshow.noTemplateSlide') : undefined}
          />
        </Box>
      </Box>
      <NavButton side="left" label={t('slideshow.previous')} disabled={index === 0} onClick={() => go(-1)} />
      <NavButton side="right" label={t('slideshow.next')} disabled={index >= total - 1} onClick={() => go(1)} />
      <Typography variant="caption" sx={{ position: 'absolute', bottom: 8, width: '100%', textAlign: 'center', opacity: 0.6 }}>
        {t('slideshow.keysHint')}
      </Typography>
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
        [side]: 16,
        transform: 'translateY(-50%)',
        color: 'common.white',
        bgcolor: 'rgba(255,255,255,0.12)',
        '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
        '&.Mui-disabled': { color: 'rgba(255,255,255,0.25)' },
      }}
    >
      {side === 'left' ? <ChevronLeftIcon fontSize="large" /> : <ChevronRightIcon fontSize="large" />}
    </IconButton>
  );
}
