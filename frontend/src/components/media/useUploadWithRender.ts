import { useState } from 'react';
import { uploadForm } from '@/api/upload';
import { useJobProgress, type Job, type JobProgress } from './useJobProgress';

/**
 * - `uploading`: the bytes are going up (`percent` counts them);
 * - `processing`: all sent, the server checks and parses the file;
 * - `rendering`: stored; its thumbnail job runs (`render` follows it);
 * - `done`, or `failed` when the upload was refused (`error`).
 */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'rendering' | 'done' | 'failed';

export interface UploadWithRenderState {
  phase: UploadPhase;
  fileName: string;
  /** Upload progress 0-100. */
  percent: number;
  /** The refusal (an `ApiError` with e.g. `invalid_pptx`) when `phase` is `failed`. */
  error: unknown;
  /** The thumbnail job, while and after `rendering`. */
  render: JobProgress;
}

export interface UploadWithRenderOptions<T> {
  /** The multipart endpoint, e.g. `/api/pptx-files`. */
  url: string;
  /** The form field of the file. Default `file`. */
  field?: string;
  /** The server accepted the file (refresh lists here). */
  onUploaded?: (result: T) => void;
  /** Its thumbnail job ended, succeeded or failed. */
  onRendered?: (result: T, job: Job) => void;
  /** The server refused the file (the progress panel shows why). */
  onFailed?: (error: unknown) => void;
}

type Uploaded = { renderJob?: Job | null };

/**
 * Uploads one file with a progress bar, then follows the thumbnail job the response names
 * (`renderJob`) until it ends. Pair with `<UploadWithRenderProgress>` to show it.
 */
export function useUploadWithRender<T extends Uploaded>({ url, field = 'file', onUploaded, onRendered, onFailed }: UploadWithRenderOptions<T>) {
  const [upload, setUpload] = useState<{ phase: UploadPhase; fileName: string; percent: number; error: unknown; result: T | null }>({
    phase: 'idle',
    fileName: '',
    percent: 0,
    error: null,
    result: null,
  });
  const renderJobId = upload.phase === 'rendering' || upload.phase === 'done' ? (upload.result?.renderJob?._id ?? null) : null;
  const render = useJobProgress(renderJobId, {
    onSettled: (job) => {
      setUpload((current) => ({ ...current, phase: 'done' }));
      if (upload.result) onRendered?.(upload.result, job);
    },
  });

  async function start(file: File): Promise<T | null> {
    setUpload({ phase: 'uploading', fileName: file.name, percent: 0, error: null, result: null });
    const form = new FormData();
    form.append(field, file);
    try {
      const result = await uploadForm<T>(url, form, {
        onProgress: (fraction) =>
          setUpload((current) => ({ ...current, percent: fraction * 100, phase: fraction >= 1 ? 'processing' : 'uploading' })),
      });
      const rendering = result.renderJob && !['succeeded', 'failed'].includes(result.renderJob.status);
      setUpload((current) => ({ ...current, phase: rendering ? 'rendering' : 'done', percent: 100, result }));
      onUploaded?.(result);
      return result;
    } catch (error) {
      setUpload((current) => ({ ...current, phase: 'failed', error }));
      onFailed?.(error);
      return null;
    }
  }

  /** Back to idle (the panel's close button). */
  function dismiss() {
    setUpload({ phase: 'idle', fileName: '', percent: 0, error: null, result: null });
  }

  const state: UploadWithRenderState = { phase: upload.phase, fileName: upload.fileName, percent: upload.percent, error: upload.error, render };
  return { state, start, dismiss, busy: ['uploading', 'processing', 'rendering'].includes(upload.phase) };
}
