import { useTranslation } from 'react-i18next';
import type { SlidePreviewState } from '../../api/previews';

const REASONS = ['render_failed', 'render_timeout', 'render_unavailable', 'export_failed'] as const;
type Reason = (typeof REASONS)[number];

/** A failed render's cause in the interface language (never the server's English text). */
export function usePreviewFailure() {
  const { t } = useTranslation('projects');
  return (preview: SlidePreviewState) => {
    const code = preview.errorCode ?? '';
    const reason = REASONS.includes(code as Reason) ? t(`preview.reasons.${code as Reason}`) : t('preview.reasons.other');
    return t('preview.failedHint', { reason });
  };
}

/** The caption of a slide picture that is not there (yet): being drawn, or failed. */
export function usePreviewCaption() {
  const { t } = useTranslation('projects');
  return (preview: SlidePreviewState | undefined): string | undefined => {
    if (preview?.status === 'pending') return t('preview.rendering');
    if (preview?.status === 'failed') return t('preview.failed');
    return undefined;
  };
}
