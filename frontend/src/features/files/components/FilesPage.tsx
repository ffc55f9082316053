import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UploadHeaderActions } from '@/components/media/UploadHeaderActions';
import { UploadWithRenderProgress } from '@/components/media/UploadWithRenderProgress';
import { useUploadWithRender } from '@/components/media/useUploadWithRender';
import { useNotify } from '@/components/notifier/notifierContext';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { fileKeys } from '../api/fileKeys';
import { useFiles } from '../api/listFiles';
import { useFileActions } from '../hooks/useFileActions';
import type { FileDetail } from '../types';
import { FileCard } from './FileCard';

/** The /files page (spec §2 Files): upload, the file cards, the empty state. */
export function FilesPage() {
  const { t } = useTranslation('files');
  const files = useFiles();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const actions = useFileActions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fileKeys.all });
  const upload = useUploadWithRender<FileDetail>({
    url: '/api/files/upload',
    onUploaded: () => {
      notify(t('uploadSuccess'));
      refresh();
    },
    onRendered: refresh,
    onFailed: () => notify(t('uploadFailed'), 'error'),
  });

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <UploadHeaderActions
            link={{ to: '/pptx-files', label: t('templatesLink'), icon: <SlideshowOutlinedIcon /> }}
            uploadLabel={t('upload')}
            accept=".pptx,.key"
            busy={upload.busy}
            onFile={(file) => void upload.start(file)}
          />
        }
      />
      <UploadWithRenderProgress state={upload.state} onDismiss={upload.dismiss} />
      {files.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      )}
      {files.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('fetchFailed')} />}
      {files.data?.length === 0 && <StatusMessage icon={<FolderOpenOutlinedIcon />} title={t('empty')} />}
      {files.data && files.data.length > 0 && (
        <Grid container spacing={3}>
          {files.data.map((file) => (
            <Grid key={file._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <FileCard
                file={file}
                thumbnailVersion={files.dataUpdatedAt}
                converting={actions.convertingFileId === file._id}
                onUploadThumbnails={actions.openThumbnailUpload}
                onClearThumbnails={actions.requestClearThumbnails}
                onUseAsTemplate={actions.useAsPptxTemplate}
                onDelete={actions.requestDelete}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {actions.dialogs}
    </Box>
  );
}
