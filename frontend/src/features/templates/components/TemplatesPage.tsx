import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { UploadHeaderActions } from '@/components/media/UploadHeaderActions';
import { UploadWithRenderProgress } from '@/components/media/UploadWithRenderProgress';
import { useUploadWithRender } from '@/components/media/useUploadWithRender';
import { useNotify } from '@/components/notifier/notifierContext';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteTemplate } from '../api/deleteTemplate';
import { generateTemplateDescription } from '../api/generateDescription';
import { useTemplates } from '../api/listTemplates';
import { usePublishTemplate } from '../api/publishTemplate';
import { templateKeys } from '../api/templateKeys';
import { useUpdateTemplateDescription } from '../api/updateTemplateDescription';
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import { useAiDescription } from '../hooks/useAiDescription';
import { useDialogTarget } from '@/components/useDialogTarget';
import type { TemplateDetail, TemplateSummary } from '../types';
import { BulkThumbnailDialog } from './BulkThumbnailDialog';
import { TemplateCard } from './TemplateCard';
import { TemplateWarnings, WarningAlert } from './TemplateWarnings';
import { ThumbnailHelpDialog } from './ThumbnailHelpDialog';

/** The /pptx-files page (spec §2 PPTX templates list). */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const { t: tMedia } = useTranslation('media');
  const templates = useTemplates();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const describeError = useErrorMessage();

  const upload = useUploadWithRender<TemplateDetail>({
    url: '/api/pptx-files',
    onUploaded: () => {
      notify(t('uploaded'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
    onRendered: (template, job) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      if (job.status === 'succeeded') notify(t('thumbnailsReady', { name: template.filename }));
    },
  });
  const renderingTemplateId = upload.state.phase === 'rendering' ? (upload.state.render.job?.subjectId ?? null) : null;

  const publishing = useDialogTarget<TemplateSummary>();
  const deletion = useDialogTarget<TemplateSummary>();
  const bulkUpload = useDialogTarget<TemplateSummary>();
  const [helpOpen, setHelpOpen] = useState(false);
  const publish = usePublishTemplate();
  const deleteTemplate = useDeleteTemplate();

  async function confirmPublish() {
    if (!publishing.target) return;
    try {
      await publish.mutateAsync(publishing.target._id);
      notify(t('publish.done'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
    publishing.close();
  }

  async function confirmDelete() {
    if (!deletion.target) return;
    try {
      await deleteTemplate.mutateAsync(deletion.target._id);
      notify(t('delete.done'));
    } catch {
      notify(t('delete.failed'), 'error');
    }
    deletion.close();
  }

  const actions = { onPublish: publishing.show, onUploadThumbnails: bulkUpload.show, onDelete: deletion.show };

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <UploadHeaderActions
            link={{ to: '/files', label: t('filesLink'), icon: <FolderOutlinedIcon /> }}
            uploadLabel={t('upload')}
            accept=".pptx,.potx"
            busy={upload.busy}
            onFile={(file) => void upload.start(file)}
          />
        }
      />
      <UploadWithRenderProgress state={upload.state} onDismiss={upload.dismiss} />
      {templates.data && (
        <DescriptionWarnings
          templates={templates.data.filter((template) => template.canEdit)}
          renderingTemplateId={renderingTemplateId}
          onUploadThumbnails={bulkUpload.show}
          onShowHelp={() => setHelpOpen(true)}
        />
      )}
      {templates.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      )}
      {templates.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} body={describeError(templates.error)} />}
      {templates.data?.length === 0 && <StatusMessage icon={<SlideshowOutlinedIcon />} title={t('empty')} />}
      {templates.data && templates.data.length > 0 && (
        <Grid container spacing={3}>
          {templates.data.map((template) => (
            <Grid key={template._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <TemplateCard
                template={template}
                renderingCaption={template._id === renderingTemplateId ? tMedia('upload.rendering', { name: template.filename }) : undefined}
                {...actions}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <ConfirmDialog
        open={publishing.open}
        title={t('publish.title')}
        body={t('publish.body', { name: publishing.target?.filename ?? '' })}
        confirmLabel={t('publish.confirm')}
        busy={publish.isPending}
        onConfirm={() => void confirmPublish()}
        onCancel={publishing.close}
      />
      <ConfirmDialog
        open={deletion.open}
        title={t('delete.title')}
        body={t('delete.body', { name: deletion.target?.filename ?? '' })}
        confirmLabel={t('menu.delete')}
        destructive
        busy={deleteTemplate.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={deletion.close}
      />
      {bulkUpload.target && (
        <BulkThumbnailDialog open={bulkUpload.open} template={bulkUpload.target} onClose={bulkUpload.close} onShowHelp={() => setHelpOpen(true)} />
      )}
      <ThumbnailHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Box>
  );
}

/**
 * The warning banners, with Generate Description wired to the AI (spec §2). A one-click fix from
 * the list: the description is generated and saved at once ('Description generated
 * successfully'), and shows on the card; the detail page is where it is reviewed and edited.
 */
function DescriptionWarnings(props: {
  templates: TemplateSummary[];
  renderingTemplateId: string | null;
  onUploadThumbnails: (template: TemplateSummary) => void;
  onShowHelp: () => void;
}) {
  return <TemplateWarnings {...props} renderDescriptionWarning={(template, message) => <DescriptionWarning template={template} message={message} />} />;
}

/**
 * One template's "has no description" banner. Each has its own AI action: generating for a
 * second template leaves the first one's request running (each shows its own wait, Cancel and
 * failure under its banner), and each saves its own answer.
 */
function DescriptionWarning({ template, message }: { template: TemplateSummary; message: string }) {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const { language } = useLanguage();
  const ai = useAiDescription();
  const save = useUpdateTemplateDescription();

  function generate() {
    return ai.generate(
      (options) => generateTemplateDescription(template._id, language, options),
      async (generated) => {
        try {
          await save.mutateAsync({ templateId: template._id, description: generated.text });
          notify(t('descriptionGenerated'));
        } catch {
          notify(t('generateFailed'), 'error');
        }
      },
    );
  }

  // Its wait (with Cancel) or failure right under its own banner.
  return (
    <>
      <WarningAlert
        message={message}
        action={
          <Button color="ai" size="small" variant="outlined" startIcon={<AutoAwesomeIcon />} loading={ai.busy} onClick={() => void generate()}>
            {t('warnings.generateDescription')}
          </Button>
        }
      />
      <AiActionStatus
        action={ai.action}
        describe={ai.describe}
        cancelLabel={t('warnings.cancelGenerateDescription', { name: template.filename })}
        sx={{ mt: 1 }}
      />
    </>
  );
}
