import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { TaskProgress } from './TaskProgress';
import type { UploadWithRenderState } from './useUploadWithRender';

interface UploadWithRenderProgressProps {
  state: UploadWithRenderState;
  /** Closes the failure or render-failure message. */
  onDismiss: () => void;
}

/**
 * Shows an upload from `useUploadWithRender`: the upload bar, then the server's checking, then
 * the thumbnail job's progress; a refusal as a translated error, a failed render as a warning.
 * Nothing once done or idle.
 */
export function UploadWithRenderProgress({ state, onDismiss }: UploadWithRenderProgressProps) {
  const { t } = useTranslation('media');
  const describeError = useErrorMessage();
  const { phase, fileName, percent, render } = state;
  const renderFailed = phase === 'done' && render.status === 'failed';
  const visible = phase === 'uploading' || phase === 'processing' || phase === 'rendering' || phase === 'failed' || renderFailed;

  return (
    <Collapse in={visible} unmountOnExit>
      <Alert
        severity={phase === 'failed' ? 'error' : renderFailed ? 'warning' : 'info'}
        icon={false}
        onClose={phase === 'failed' || renderFailed ? onDismiss : undefined}
        slotProps={{ closeButton: { title: t('dismiss'), 'aria-label': t('dismiss') } }}
        sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
      >
        {phase === 'uploading' && <TaskProgress label={t('upload.uploading', { name: fileName })} percent={percent} />}
        {phase === 'processing' && <TaskProgress label={t('upload.processing', { name: fileName })} percent={null} />}
        {phase === 'rendering' && (
          <TaskProgress
            label={render.status === 'running' ? t('upload.rendering', { name: fileName }) : t('upload.renderQueued', { name: fileName })}
            percent={render.status === 'running' ? render.progress : null}
          />
        )}
        {phase === 'failed' && t('upload.failed', { name: fileName, reason: describeError(state.error) })}
        {renderFailed && t('upload.renderFailed', { name: fileName, reason: describeError(render.error) })}
      </Alert>
    </Collapse>
  );
}
