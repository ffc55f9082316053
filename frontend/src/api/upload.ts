import { noticeSessionError, requestHeaders } from './client';
import { apiErrorFromBody } from './errors';

export interface UploadOptions {
  /** Called with the sent fraction (0 to 1) while the body goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch reports no upload progress.
 * Carries the same headers as `api` and settles the same way: the parsed JSON body on 2xx,
 * an `ApiError` otherwise, a `TypeError` when no response came (network failure or abort).
 * The caller names the response type from the generated schema.
 */
export function uploadForm<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const headers = requestHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      const error = apiErrorFromBody(xhr.status, body);
      noticeSessionError(error, 'Authorization' in headers);
      reject(error);
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
