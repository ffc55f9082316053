import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteProject } from '../../api/deleteProject';
import { useProjects } from '../../api/listProjects';
import { useRestoreProject } from '../../api/restoreProject';
import type { ProjectSummary } from '../../types';
import { ActionSnackbar, type SnackbarNotice } from '../common/ActionSnackbar';
import { CreateProjectDialog } from '../create/CreateProjectDialog';
import { ProjectGridView } from './ProjectGridView';
import { ProjectListView } from './ProjectListView';
import { SlideshowDialog } from '../play/SlideshowDialog';
import { TrashView } from './TrashView';

type View = 'list' | 'grid';

/**
 * /projects (spec §2): list (default) or grid, Create, Play, and Delete to the trash with Undo.
 * View and trash live in the URL (`?view=grid`, `?trash=1`) so Back and reload keep them.
 */
export function ProjectsPage() {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'grid' ? 'grid' : 'list';
  const trash = searchParams.get('trash') === '1';
  const projects = useProjects(trash);
  const deleteProject = useDeleteProject();
  const restoreProject = useRestoreProject();

  const [creating, setCreating] = useState(false);
  const [playing, setPlaying] = useState<ProjectSummary | null>(null);
  const [notice, setNotice] = useState<SnackbarNotice | null>(null);
  const [purging, setPurging] = useState<{ project: ProjectSummary; open: boolean } | null>(null);

  function setParam(name: string, value: string | null) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  const show = (message: string, extra: Partial<SnackbarNotice> = {}) => setNotice({ id: Date.now(), message, ...extra });

  async function restore(project: ProjectSummary) {
    try {
      await restoreProject.mutateAsync(project._id);
      show(t('trash.restored', { title: project.title }));
    } catch (error) {
      show(describeError(error), { severity: 'error' });
    }
  }

  async function moveToTrash(project: ProjectSummary) {
    try {
      await deleteProject.mutateAsync({ projectId: project._id });
      show(t('trash.moved', { title: project.title }), { action: { label: t('trash.undo'), onClick: () => void restore(project) } });
    } catch (error) {
      show(describeError(error), { severity: 'error' });
    }
  }

  async function deleteForever() {
    if (!purging) return;
    try {
      await deleteProject.mutateAsync({ projectId: purging.project._id, hard: true });
      show(t('trash.deletedForever', { title: purging.project.title }));
    } catch (error) {
      show(describeError(error), { severity: 'error' });
    }
    setPurging((current) => current && { ...current, open: false });
  }

  const list = projects.data ?? [];

  return (
    <Box>
      <PageHeader
        title={trash ? t('trash.title') : t('title')}
        subtitle={trash ? t('trash.subtitle') : t('subtitle')}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {!trash && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={view}
                onChange={(_event, value: View | null) => value && setParam('view', value === 'grid' ? 'grid' : null)}
                aria-label={t('view.label')}
              >
                <ToggleButton value="list" aria-label={t('view.list')}>
                  <Tooltip title={t('view.list')}>
                    <ViewListIcon fontSize="small" />
                  </Tooltip>
                </ToggleButton>
                <ToggleButton value="grid" aria-label={t('view.grid')}>
                  <Tooltip title={t('view.grid')}>
                    <GridViewIcon fontSize="small" />
                  </Tooltip>
                </ToggleButton>
              </ToggleButtonGroup>
            )}
            {trash ? (
              <Button startIcon={<ArrowBackIcon />} onClick={() => setParam('trash', null)}>
                {t('trash.back')}
              </Button>
            ) : (
              <Button startIcon={<DeleteOutlineIcon />} onClick={() => setParam('trash', '1')} color="secondary">
                {t('trash.open')}
              </Button>
            )}
            {!trash && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {t('create.open')}
              </Button>
            )}
          </Stack>
        }
      />
      {projects.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={tCommon('loading')} />
        </Box>
      )}
      {projects.isError && (
        <Card>
          <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} body={describeError(projects.error)} />
        </Card>
      )}
      {projects.isSuccess && list.length === 0 && (
        <Card>
          {trash ? (
            <StatusMessage icon={<DeleteOutlineIcon />} title={t('trash.empty')} />
          ) : (
            <StatusMessage
              icon={<FolderOpenOutlinedIcon />}
              title={t('empty')}
              actions={
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                  {t('create.open')}
                </Button>
              }
            />
          )}
        </Card>
      )}
      {list.length > 0 &&
        (trash ? (
          <TrashView
            projects={list}
            busy={deleteProject.isPending || restoreProject.isPending}
            onRestore={(project) => void restore(project)}
            onDeleteForever={(project) => setPurging({ project, open: true })}
          />
        ) : view === 'grid' ? (
          <ProjectGridView projects={list} onPlay={setPlaying} onDelete={(project) => void moveToTrash(project)} />
        ) : (
          <ProjectListView projects={list} onPlay={setPlaying} onDelete={(project) => void moveToTrash(project)} />
        ))}

      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} onCreated={(project) => void navigate(`/projects/${project._id}`)} />
      <SlideshowDialog project={playing} onClose={() => setPlaying(null)} />
      <ConfirmDialog
        open={purging?.open ?? false}
        title={t('trash.deleteForeverTitle')}
        body={t('trash.deleteForeverBody', { title: purging?.project.title ?? '' })}
        confirmLabel={t('trash.deleteForever')}
        destructive
        busy={deleteProject.isPending}
        onConfirm={() => void deleteForever()}
        onCancel={() => setPurging((current) => current && { ...current, open: false })}
      />
      <ActionSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}
