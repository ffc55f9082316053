import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/errors';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { TaskProgress } from './TaskProgress';
import { useJobProgress, type Job } from './useJobProgress';

interface RenderJobNoticeProps {
  /** A detail response's `renderJob` (the latest thumbnail job), or null. */
  job: Job | null | undefined;
  /** The job ended while shown: refetch the detail (it then carries the final job). */
  onSettled: () => void;
}

/**
 * The thumbnail job of a template or file: its progress while it runs, a warning when it failed
 * (with the translated reason), nothing once it succeeded.
 */
export function RenderJobNotice({ job, onSettled }: RenderJobNoticeProps) {
  const { t } = useTranslation('media');
  const describeError = useErrorMessage();
  const running = job && (job.status === 'queued' || job.status === 'running');
  const progress = useJobProgress(running ? job._id : null, { onSettled });
  const failed = job?.status === 'failed';
  if (!progress.isActive && !failed) return null;
  return (
    <Alert severity={failed ? 'warning' : 'info'} icon={false} sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}>
      {failed ? (
        t('render.failed', { reason: describeError(new ApiError(500, job.errorCode ?? 'render_failed', job.errorMessage ?? '')) })
      ) : (
        <TaskProgress
          label={progress.status === 'running' ? t('render.running') : t('render.queued')}
          percent={progress.status === 'running' ? progress.progress : null}
        />
      )}
    </Alert>
  );
}
