import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { preflightExport, type PreflightReport } from '../../api/exportPreflight';
import { exportProject } from '../../api/exportProject';
import type { EditorSession, SessionState } from '../../editor/session';
import { ExportPreflightDialog } from './ExportPreflightDialog';

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

interface BuildPptButtonProps {
  session: EditorSession;
  state: SessionState;
  /** Brings a slide of the editor into view (the preflight dialog's "Go to slide"). */
  onGoToSlide?: (slideId: string) => void;
}

/**
 * Build PPT (spec §4 export status, §5, §8; issue #6): saves what is pending first so the file
 * holds what is on screen, asks the server what the export would lack and lists it slide by
 * slide (Cancel / Export Anyway), then downloads "<title>.pptx". When the check itself fails
 * the export is not blocked: only the spec's missing-template-slide warning is shown.
 */
export function BuildPptButton({ session, state, onGoToSlide }: BuildPptButtonProps) {
  const { t } = useTranslation('projects');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<'preflight' | 'missing' | null>(null);
  // Kept after the dialog closes so its content does not vanish during the closing transition.
  const [report, setReport] = useState<PreflightReport | null>(null);

  function fail(error: unknown) {
    notify(`${t('export.failed')}: ${describeError(error)}`, 'error');
  }

  async function build() {
    if (exporting) return;
    setExporting(true);
    try {
      if (!(await session.flush())) throw session.getState().error;
    } catch (error) {
      fail(error);
      setExporting(false);
      return;
    }
    const projectId = session.getState().project._id;
    // Any failure of the check (network, typed error) falls back to the local check below.
    const checked = await preflightExport(projectId).catch(() => null);
    if (checked && !checked.ready) {
      setReport(checked);
      setDialog('preflight');
      setExporting(false);
    } else if (!checked && session.getState().doc.some((slide) => slide.pptxSlideNumber === null)) {
      setDialog('missing');
      setExporting(false);
    } else {
      await exportNow();
    }
  }

  async function exportNow() {
    setDialog(null);
    setExporting(true);
    try {
      const { project } = session.getState();
      const blob = await exportProject(project._id);
      download(blob, `${project.title}.pptx`);
      notify(t('export.success'));
    } catch (error) {
      fail(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      {/* Busy, not disabled, while exporting: a disabled button would drop the keyboard focus
          to the page, and the check's dialog would then have nowhere to give it back. */}
      <Button
        variant="contained"
        startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlinedIcon />}
        aria-disabled={exporting || undefined}
        aria-busy={exporting || undefined}
        onClick={() => void build()}
      >
        {exporting ? t('export.exporting') : t('page.build')}
      </Button>
      <ExportPreflightDialog
        open={dialog === 'preflight'}
        report={report}
        slides={state.doc}
        onConfirm={() => void exportNow()}
        onCancel={() => setDialog(null)}
        onGoToSlide={
          onGoToSlide &&
          ((slideId) => {
            setDialog(null);
            onGoToSlide(slideId);
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'missing'}
        title={t('export.missingTitle')}
        body={t('export.missingBody')}
        confirmLabel={t('export.anyway')}
        onConfirm={() => void exportNow()}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
