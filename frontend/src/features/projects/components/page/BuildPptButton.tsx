import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { exportProject } from '../../api/exportProject';
import type { EditorSession, SessionState } from '../../editor/session';

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Build PPT (spec §4 export status, §5, §8): saves what is pending first so the file holds what
 * is on screen, warns when slides lack a template slide, then downloads "<title>.pptx".
 */
export function BuildPptButton({ session, state }: { session: EditorSession; state: SessionState }) {
  const { t } = useTranslation('projects');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const missing = state.doc.some((slide) => slide.pptxSlideNumber === null);

  async function build() {
    setConfirming(false);
    setExporting(true);
    try {
      if (!(await session.flush())) throw session.getState().error;
      const blob = await exportProject(state.project._id);
      download(blob, `${state.project.title}.pptx`);
      notify(t('export.success'));
    } catch (error) {
      notify(`${t('export.failed')}: ${describeError(error)}`, 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button
        variant="contained"
        startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlinedIcon />}
        disabled={exporting}
        onClick={() => (missing ? setConfirming(true) : void build())}
      >
        {exporting ? t('export.exporting') : t('page.build')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('export.missingTitle')}
        body={t('export.missingBody')}
        confirmLabel={t('export.anyway')}
        onConfirm={() => void build()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
