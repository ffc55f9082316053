import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useDialogTarget } from '@/components/useDialogTarget';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteFile } from '../api/deleteFile';
import { useClearFileThumbnails } from '../api/fileThumbnails';
import { useUseAsPptxTemplate } from '../api/useAsPptxTemplate';
import { FileThumbnailsDialog } from '../components/FileThumbnailsDialog';
import type { UploadedFile } from '../types';

/**
 * The file actions of the list and the detail page, with their confirmations and the spec §8
 * messages: delete, clear thumbnails, upload thumbnails and use as a PPTX template. Render
 * `dialogs` once on the page.
 */
export function useFileActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation('files');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const navigate = useNavigate();
  const deletion = useDialogTarget<UploadedFile>();
  const clearing = useDialogTarget<UploadedFile>();
  const thumbnails = useDialogTarget<UploadedFile>();
  const deleteFile = useDeleteFile();
  const clearThumbnails = useClearFileThumbnails();
  const useAsTemplate = useUseAsPptxTemplate();

  async function confirmDelete() {
    if (!deletion.target) return;
    try {
      await deleteFile.mutateAsync(deletion.target._id);
      notify(t('delete.done'));
      onDeleted?.();
    } catch {
      notify(t('delete.failed'), 'error');
    }
    deletion.close();
  }

  async function confirmClear() {
    if (!clearing.target) return;
    try {
      await clearThumbnails.mutateAsync(clearing.target._id);
      notify(t('clear.done'));
    } catch {
      notify(t('clear.failed'), 'error');
    }
    clearing.close();
  }

  async function makePptxTemplate(file: UploadedFile) {
    try {
      const pptxFileId = await useAsTemplate.mutateAsync(file._id);
      notify(t('useAsTemplate.done', { name: file.name }));
      await navigate(`/pptx-files/${pptxFileId}`);
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  const dialogs = (
    <>
      <ConfirmDialog
        open={deletion.open}
        title={t('delete.title')}
        body={t('delete.body', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        busy={deleteFile.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={deletion.close}
      />
      <ConfirmDialog
        open={clearing.open}
        title={t('clear.title')}
        body={t('clear.body', { name: clearing.target?.name ?? '' })}
        confirmLabel={t('clear.confirm')}
        destructive
        busy={clearThumbnails.isPending}
        onConfirm={() => void confirmClear()}
        onCancel={clearing.close}
      />
      {thumbnails.target && <FileThumbnailsDialog open={thumbnails.open} file={thumbnails.target} onClose={thumbnails.close} />}
    </>
  );

  return {
    requestDelete: deletion.show,
    requestClearThumbnails: clearing.show,
    openThumbnailUpload: thumbnails.show,
    useAsPptxTemplate: (file: UploadedFile) => void makePptxTemplate(file),
    /** The file being turned into a PPTX template, for a busy button. */
    convertingFileId: useAsTemplate.isPending ? useAsTemplate.variables : null,
    dialogs,
  };
}
