import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { isModelFailureCode } from '@/components/ai/aiCall';
import { AiFailureAlert } from '@/components/ai/AiFailureAlert';
import { useTranslation } from 'react-i18next';
import { TaskProgress } from '@/components/media/TaskProgress';
import { formatList } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import type { GeneratedDescriptions } from '../hooks/useGeneratedDescriptions';

interface AiBatchProps {
  batch: GeneratedDescriptions;
  /** Slides without a description (in the interface language): what Generate All Missing describes. */
  missingCount: number;
}

/**
 * Generate All Missing, and Accept All Generated Descriptions once more than one suggestion is
 * pending (spec §2). A disabled button gets a span so its tooltip still shows.
 */
export function AiBatchActions({ batch, missingCount }: AiBatchProps) {
  const { t } = useTranslation('templates');
  const running = batch.starting || batch.job.isActive;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title={missingCount === 0 && !running ? t('batch.nothingMissing') : ''}>
        <span>
          <Button
            color="ai"
            variant="outlined"
            startIcon={<AutoAwesomeIcon />}
            loading={running}
            loadingPosition="start"
            disabled={missingCount === 0 || batch.acceptingAll}
            onClick={() => void batch.generateAll()}
          >
            {t('detail.generateAllMissing')}
          </Button>
        </span>
      </Tooltip>
      {batch.pending.size > 1 && (
        <Button
          color="ai"
          variant="contained"
          startIcon={<DoneAllIcon />}
          loading={batch.acceptingAll}
          loadingPosition="start"
          disabled={running}
          onClick={() => void batch.acceptAll()}
        >
          {t('detail.acceptAllGenerated')}
        </Button>
      )}
    </Box>
  );
}

/**
 * Under the header: the job's progress (with Cancel), its failure, or how many suggestions wait
 * for review, after the slides it could not describe. A failure of the model offers the offline
 * assistant for the slides still missing. Cancel stops the job on the server after the batch it
 * is describing; how far it got is said until dismissed or run again.
 */
export function AiBatchNotice({ batch }: { batch: GeneratedDescriptions }) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const { language } = useLanguage();
  const describeError = useErrorMessage();
  const { job, jobSlideCount: count, partialFailure } = batch;
  const useOffline = () => void batch.generateAll('offline');

  if (job.isActive) {
    return (
      <Alert severity="info" icon={false} sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
            <TaskProgress
              label={batch.cancelling ? t('batch.cancelling') : job.status === 'running' ? t('batch.running', { count }) : t('batch.queued', { count })}
              percent={job.status === 'running' ? job.progress : null}
            />
          </Box>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            loading={batch.cancelling}
            onClick={() => void batch.cancel()}
            aria-label={t('batch.cancelLabel')}
          >
            {tCommon('ai.cancel')}
          </Button>
        </Box>
      </Alert>
    );
  }
  if (job.status === 'failed') {
    return (
      <AiFailureAlert
        message={t('batch.failed', { reason: describeError(job.error) })}
        onUseOffline={isModelFailureCode(job.errorCode) ? useOffline : undefined}
        onDismiss={batch.dismissFailure}
        sx={{ mb: 3 }}
      />
    );
  }
  return (
    <>
      {batch.cancelled && (
        <Alert
          role="status"
          severity="info"
          onClose={batch.dismissCancelled}
          slotProps={{ closeButton: { title: tCommon('closeNotification'), 'aria-label': tCommon('closeNotification') } }}
          sx={{ mb: 2 }}
        >
          {t('batch.cancelled', { done: batch.cancelled.done, count: batch.cancelled.total })}
        </Alert>
      )}
      {partialFailure && (
        <AiFailureAlert
          message={t('batch.partlyFailed', {
            count: partialFailure.slides.length,
            slides: formatList(partialFailure.slides.map(String), language),
            reason: describeError(partialFailure.error),
          })}
          onUseOffline={isModelFailureCode(partialFailure.error.errorCode) ? useOffline : undefined}
          onDismiss={batch.dismissPartialFailure}
          sx={{ mb: 2 }}
        />
      )}
      {batch.pending.size > 0 && (
        <Alert severity="info" icon={<AutoAwesomeIcon fontSize="inherit" />} sx={{ mb: 3 }}>
          {t('batch.pending', { count: batch.pending.size })}
        </Alert>
      )}
    </>
  );
}
