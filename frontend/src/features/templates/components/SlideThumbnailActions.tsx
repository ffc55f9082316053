import RestartAltIcon from '@mui/icons-material/RestartAlt';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '@/components/media/FilePickButton';
import { TaskProgress } from '@/components/media/TaskProgress';
import { useJobProgress } from '@/components/media/useJobProgress';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useResetSlideThumbnail, useUploadSlideThumbnail } from '../api/slideThumbnails';
import { templateKeys } from '../api/templateKeys';

const isJpeg = (file: File) => file.type === 'image/jpeg' || /\.jpe?g$/i.test(file.name);

/** Upload JPEG and Reset thumbnail for one slide (spec §2); Reset shows its render job. */
export function SlideThumbnailActions({ templateId, slideNumber }: { templateId: string; slideNumber: number }) {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const queryClient = useQueryClient();
  const upload = useUploadSlideThumbnail(templateId);
  const reset = useResetSlideThumbnail(templateId);
  const [resetJobId, setResetJobId] = useState<string | null>(null);
  const resetJob = useJobProgress(resetJobId, {
    onSettled: (job) => {
      setResetJobId(null);
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      if (job.status === 'succeeded') notify(t('thumbnail.resetDone', { number: slideNumber }));
      else notify(t('thumbnail.resetFailed', { reason: describeError(resetJob.error) }), 'error');
    },
  });

  async function uploadJpeg(file: File) {
    if (!isJpeg(file)) {
      notify(t('thumbnail.notJpeg'), 'error');
      return;
    }
    try {
      await upload.mutateAsync({ slideNumber, file });
      notify(t('thumbnail.uploaded', { number: slideNumber }));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  async function resetThumbnail() {
    try {
      const job = await reset.mutateAsync(slideNumber);
      setResetJobId(job._id);
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  const busy = upload.isPending || reset.isPending || resetJob.isActive;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <FilePickButton
          size="small"
          variant="outlined"
          startIcon={<UploadIcon />}
          accept="image/jpeg,.jpg,.jpeg"
          inputLabel={t('thumbnail.upload')}
          loading={upload.isPending}
          disabled={busy}
          onFiles={([file]) => file && void uploadJpeg(file)}
        >
          {t('thumbnail.upload')}
        </FilePickButton>
        <Button size="small" startIcon={<RestartAltIcon />} onClick={() => void resetThumbnail()} disabled={busy}>
          {t('thumbnail.reset')}
        </Button>
      </Box>
      {resetJob.isActive && (
        <TaskProgress label={t('thumbnail.resetting', { number: slideNumber })} percent={resetJob.status === 'running' ? resetJob.progress : null} />
      )}
    </Box>
  );
}
