import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '@/api/errors';
import { RenderJobNotice } from '@/components/media/RenderJobNotice';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useDialogTarget } from '@/components/useDialogTarget';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { fileKeys } from '../api/fileKeys';
import { useFile } from '../api/getFile';
import { useFileActions } from '../hooks/useFileActions';
import type { FileDetail } from '../types';
import { CreateTemplateDialog } from './CreateTemplateDialog';
import { FileFacts } from './FileFacts';
import { FileSlideCard } from './FileSlideCard';

/** The /files/{fileId} page (spec §2 File detail). */
export function FileDetailPage({ fileId }: { fileId: string }) {
  const { t } = useTranslation('files');
  const file = useFile(fileId);
  const describeError = useErrorMessage();
  return (
    <Box>
      <Button component={RouterLink} to="/files" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('detail.back')}
      </Button>
      {file.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      )}
      {file.isError &&
        (isApiError(file.error) && file.error.status === 404 ? (
          <StatusMessage icon={<SearchOffIcon />} title={t('detail.notFound')} body={t('detail.notFoundBody')} />
        ) : (
          <StatusMessage
            icon={<ErrorOutlineIcon />}
            title={t('detail.loadError')}
            body={describeError(file.error)}
            actions={
              <Button variant="outlined" onClick={() => void file.refetch()}>
                {t('detail.retry')}
              </Button>
            }
          />
        ))}
      {file.data && <FileDetailContent file={file.data} version={file.dataUpdatedAt} />}
    </Box>
  );
}

function FileDetailContent({ file, version }: { file: FileDetail; version: number }) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actions = useFileActions({ onDeleted: () => void navigate('/files') });
  const templateFor = useDialogTarget<number>();
  const isPptx = file.type === 'pptx';

  return (
    <>
      <PageHeader
        title={file.name}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<SlideshowOutlinedIcon />}
              loading={actions.convertingFileId === file._id}
              onClick={() => actions.useAsPptxTemplate(file)}
            >
              {t('actions.useAsTemplate')}
            </Button>
            {isPptx && (
              <>
                <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => actions.openThumbnailUpload(file)}>
                  {t('actions.uploadThumbnails')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<HideImageOutlinedIcon />}
                  onClick={() => actions.requestClearThumbnails(file)}
                  disabled={file.thumbnailPaths.length === 0}
                >
                  {t('actions.clearThumbnails')}
                </Button>
              </>
            )}
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => actions.requestDelete(file)}>
              {t('actions.delete')}
            </Button>
          </Box>
        }
      />
      <FileFacts file={file} />
      <RenderJobNotice job={file.renderJob} onSettled={() => void queryClient.invalidateQueries({ queryKey: fileKeys.all })} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('detail.slides')}
      </Typography>
      <Grid container spacing={3}>
        {file.slides.map((slide) => (
          <Grid key={slide.slideNumber} size={{ xs: 12, sm: 6, md: 4 }}>
            <FileSlideCard file={file} slide={slide} thumbnailVersion={version} onCreateTemplate={templateFor.show} />
          </Grid>
        ))}
      </Grid>
      {templateFor.target !== null && (
        <CreateTemplateDialog open={templateFor.open} fileId={file._id} slideNumber={templateFor.target} onClose={templateFor.close} />
      )}
      {actions.dialogs}
    </>
  );
}
