import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '@/api/errors';
import { RenderJobNotice } from '@/components/media/RenderJobNotice';
import { useNotify } from '@/components/notifier/notifierContext';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { generateTemplateDescription } from '../api/generateDescription';
import { useTemplate } from '../api/getTemplate';
import { templateKeys } from '../api/templateKeys';
import { useUpdateTemplateDescription } from '../api/updateTemplateDescription';
import { useGeneratedDescriptions } from '../hooks/useGeneratedDescriptions';
import type { TemplateDetail } from '../types';
import { AiBatchActions, AiBatchNotice } from './AiBatchActions';
import { EditableDescription } from './EditableDescription';
import { SlideSection } from './SlideSection';
import { TemplateStatusChips } from './TemplateStatusChips';

/** The /pptx-files/{id} page (spec §2 PPTX template detail). */
export function TemplateDetailPage({ templateId }: { templateId: string }) {
  const { t } = useTranslation('templates');
  const template = useTemplate(templateId);
  const describeError = useErrorMessage();

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button component={RouterLink} to="/pptx-files" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('detail.back')}
      </Button>
      {template.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      )}
      {template.isError &&
        (isApiError(template.error) && template.error.status === 404 ? (
          <StatusMessage icon={<SearchOffIcon />} title={t('detail.notFound')} body={t('detail.notFoundBody')} />
        ) : (
          <StatusMessage
            icon={<ErrorOutlineIcon />}
            title={t('detail.loadError')}
            body={describeError(template.error)}
            actions={
              <Button variant="outlined" onClick={() => void template.refetch()}>
                {t('detail.retry')}
              </Button>
            }
          />
        ))}
      {template.data && <TemplateDetailContent template={template.data} />}
    </Box>
  );
}

function TemplateDetailContent({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const batch = useGeneratedDescriptions(template);
  const missingCount = template.slidesMissingDescription.length;
  return (
    <>
      <PageHeader
        title={template.filename}
        subtitle={<TemplateStatusChips template={template} showReadOnly />}
        actions={template.canEdit && <AiBatchActions batch={batch} missingCount={missingCount} />}
      />
      {template.canEdit && <AiBatchNotice batch={batch} />}
      <RenderJobNotice job={template.renderJob} onSettled={() => void queryClient.invalidateQueries({ queryKey: templateKeys.all })} />
      {!template.canEdit && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('detail.readOnlyNotice')}
        </Alert>
      )}
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <FileDescription template={template} />
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {template.parsedSlides.map((slide) => (
          <SlideSection
            key={slide.slideNumber}
            template={template}
            slide={slide}
            suggestion={batch.pending.get(slide.slideNumber)}
            onDropSuggestion={() => batch.discard(slide.slideNumber)}
            suggestionBusy={batch.acceptingAll}
          />
        ))}
      </Box>
    </>
  );
}

function FileDescription({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { language } = useLanguage();
  const update = useUpdateTemplateDescription();

  async function save(description: string) {
    try {
      await update.mutateAsync({ templateId: template._id, description });
      notify(t('description.saved'));
    } catch (error) {
      notify(describeError(error), 'error');
      throw error;
    }
  }

  return (
    <EditableDescription
      heading={t('detail.fileDescription')}
      value={template.description}
      emptyText={t('noDescription')}
      canEdit={template.canEdit}
      onSave={save}
      onGenerate={(options) => generateTemplateDescription(template._id, language, options)}
    />
  );
}
