import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { useNotify } from '@/components/notifier/notifierContext';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useProject } from '../../api/getProject';
import { useTemplate } from '../../api/templates';
import { applyOutlineEdits } from '../../api/ai';
import { SlideAssistant } from '../../editor/ai/assistant';
import { useStoredSuggestions } from '../../editor/ai/useStoredSuggestions';
import { OutlineEditDialog } from '../../editor/components/outline/OutlineEditDialog';
import { OutlineGenerateDialog } from '../../editor/components/outline/OutlineGenerateDialog';
import { SaveIndicator } from '../../editor/components/SaveIndicator';
import { editorActions } from '../../editor/actions/registry';
import { slideAnchorId } from '../../editor/components/anchors';
import { SlidesEditor } from '../../editor/components/SlidesEditor';
import { useEditorSession } from '../../editor/useEditorSession';
import { PROJECT_TABS } from '../../paths';
import type { ImagePickerComponent, Project } from '../../types';
import { ProjectImagesTab } from '../images/ProjectImagesTab';
import { SlideshowDialog } from '../play/SlideshowDialog';
import { SettingsTab } from '../settings/SettingsTab';
import { BuildPptButton } from './BuildPptButton';
import { useEditorShortcuts } from './useEditorShortcuts';

export interface ProjectPageProps {
  projectId: string;
  /** The images feature's full-screen picker, composed by the route. */
  ImagePicker?: ImagePickerComponent;
  /** The Materials tab's content, composed by the route from the materials feature. */
  renderMaterials?: (projectId: string) => ReactNode;
  onDeleted: () => void;
  /** The signed-in user, composed by the route: pending AI suggestions are kept per user. */
  userId?: string | null;
}

/** /projects/{id} (spec §2): Back, Build PPT, and the four tabs kept in `?tab=` (default 0). */
export function ProjectPage({ projectId, ImagePicker, renderMaterials, onDeleted, userId = null }: ProjectPageProps) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const project = useProject(projectId);

  // Once loaded, the workspace stays even if a background refetch fails: its edits live there.
  if (project.data) {
    return <ProjectWorkspace key={projectId} initial={project.data} latest={project.data} ImagePicker={ImagePicker} renderMaterials={renderMaterials} onDeleted={onDeleted} userId={userId} />;
  }
  if (project.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={tCommon('loading')} />
      </Box>
    );
  }
  const missing = isApiError(project.error) && project.error.status === 404;
  return (
    <StatusMessage
      icon={<ErrorOutlineIcon />}
      title={missing ? t('page.notFound') : t('page.loadFailed')}
      body={missing ? t('page.notFoundBody') : describeError(project.error)}
      actions={
        <Button component={RouterLink} to="/projects" variant="outlined" startIcon={<ArrowBackIcon />}>
          {t('page.backToProjects')}
        </Button>
      }
    />
  );
}

function ProjectWorkspace({
  initial,
  latest,
  ImagePicker,
  renderMaterials,
  onDeleted,
  userId = null,
}: { initial: Project; latest: Project } & Omit<ProjectPageProps, 'projectId'>) {
  const { t } = useTranslation('projects');
  const { t: tEditor } = useTranslation('editor');
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const { session, state } = useEditorSession(initial, { onConflict: () => notify(tEditor('conflict'), 'warning') });
  // Lives as long as the session: AI suggestions wait while the user visits another tab.
  const assistant = useMemo(() => new SlideAssistant(session), [session]);
  // Suggestions not yet decided on survive a reload, in this browser (issue 12).
  useStoredSuggestions(assistant, session, userId);
  const project = state.project;
  const template = useTemplate(project.pptxFileId);
  const [outlineDialog, setOutlineDialog] = useState<'generate' | 'edit' | null>(null);
  const [playing, setPlaying] = useState(false);
  const outline = { onGenerate: () => setOutlineDialog('generate'), onEdit: () => setOutlineDialog('edit') };
  const requested = Number(searchParams.get('tab') ?? 0);
  const tab = Number.isInteger(requested) && requested >= 0 && requested < PROJECT_TABS.length ? requested : 0;

  // A newer version loaded in the background (window focus) is adopted when nothing is pending.
  useEffect(() => session.adoptRemote(latest), [session, latest]);
  useEffect(() => {
    if (state.recoveredDraft) notify(tEditor('recovered'), 'info');
    // Only once, for the draft found when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEditorShortcuts(session, tab === 0);

  const setTab = (next: number) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 0) copy.delete('tab');
        else copy.set('tab', String(next));
        return copy;
      },
      { replace: true },
    );

  // From the export check: the Slides tab may have to render first, so the card is looked for
  // over a few frames.
  const goToSlide = (slideId: string) => {
    setTab(0);
    let tries = 30;
    const scroll = () => {
      const card = document.getElementById(slideAnchorId(slideId));
      if (card) card.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (--tries > 0) window.requestAnimationFrame(scroll);
    };
    window.requestAnimationFrame(scroll);
  };

  return (
    <Box>
      <Button component={RouterLink} to="/projects" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('page.back')}
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {project.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {[
              template.data ? template.data.filename.replace(/\.pptx$/i, '') : project.pptxFileId ? null : t('fields.noTemplate'),
              t(`languages.${project.lang as 'en'}`),
              t('list.slideCount', { count: state.doc.length }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          onClick={() => {
            // Play shows what is saved: send pending edits first (their slides redraw in the show).
            void session.flush();
            setPlaying(true);
          }}
        >
          {t('actions.play')}
        </Button>
        <BuildPptButton session={session} state={state} onGoToSlide={goToSlide} />
      </Stack>
      <SlideshowDialog project={playing ? project : null} onClose={() => setPlaying(false)} />

      <Box
        sx={{
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 5,
          bgcolor: 'background.default',
          display: 'flex',
          alignItems: 'center',
          // On a phone the tabs take a row of their own, so undo, redo and the save state
          // can never squeeze them to nothing.
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
          mb: 3,
          mx: { xs: -2, sm: -4 },
          px: { xs: 2, sm: 4 },
        }}
      >
        <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label={t('page.tabsLabel')} variant="scrollable" allowScrollButtonsMobile sx={{ flex: { xs: '1 0 100%', sm: 1 }, minWidth: 0, '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } } }}>
          <Tab label={t('tabs.slides')} id="project-tab-0" aria-controls="project-tabpanel-0" />
          <Tab label={t('tabs.images')} id="project-tab-1" aria-controls="project-tabpanel-1" />
          <Tab label={t('tabs.materials')} id="project-tab-2" aria-controls="project-tabpanel-2" />
          <Tab label={t('tabs.settings')} id="project-tab-3" aria-controls="project-tabpanel-3" />
        </Tabs>
        {tab === 0 && (
          <>
            <Tooltip title={tEditor('undoShortcut')}>
              <span>
                <IconButton aria-label={tEditor('undo')} disabled={state.past.length === 0} onClick={() => session.undo()} size="small">
                  <UndoIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={tEditor('redoShortcut')}>
              <span>
                <IconButton aria-label={tEditor('redo')} disabled={state.future.length === 0} onClick={() => session.redo()} size="small">
                  <RedoIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Divider orientation="vertical" flexItem sx={{ my: 1.5 }} />
          </>
        )}
        <SaveIndicator state={state} onRetry={() => void session.retry()} />
      </Box>

      <Box role="tabpanel" id={`project-tabpanel-${tab}`} aria-labelledby={`project-tab-${tab}`}>
        {tab === 0 && (
          <SlidesEditor
            session={session}
            state={state}
            template={template.data ?? null}
            templateLoading={template.isLoading}
            templateFailed={template.isError}
            onRetryTemplate={() => void template.refetch()}
            ImagePicker={ImagePicker}
            outline={outline}
            onGoToSettings={() => setTab(3)}
            assistant={assistant}
          />
        )}
        {tab === 1 && <ProjectImagesTab projectId={project._id} ImagePicker={ImagePicker} />}
        {tab === 2 && renderMaterials?.(project._id)}
        {tab === 3 && <SettingsTab session={session} state={state} templateName={template.data?.filename ?? null} onDeleted={onDeleted} />}
      </Box>
      <OutlineGenerateDialog
        open={outlineDialog === 'generate'}
        projectId={project._id}
        lang={project.lang}
        replacing={state.doc.some((slide) => slide.contentDescription.trim() || slide.pptxSlideNumber !== null)}
        onClose={() => setOutlineDialog(null)}
        onApply={(slides) => {
          setOutlineDialog(null);
          if (session.run(editorActions.replaceSlides, { slides })) notify(tEditor('outline.applied'));
        }}
      />
      <OutlineEditDialog
        open={outlineDialog === 'edit'}
        projectId={project._id}
        onClose={() => setOutlineDialog(null)}
        onPrepare={async () => {
          if (!(await session.flush())) throw session.getState().error;
          return session.getState().project.version;
        }}
        onApply={async (edits, version) => {
          // Against the version the edits were suggested for: if the slides changed since, the
          // server refuses instead of applying them to the wrong slides.
          await session.applyServerChange(() => applyOutlineEdits(project._id, version, edits));
          setOutlineDialog(null);
          notify(tEditor('outline.editsApplied', { count: edits.length }));
        }}
      />
    </Box>
  );
}
