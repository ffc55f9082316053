import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSessionExpired, setRequestLanguage } from './client';
import { ApiError } from './errors';
import { uploadForm } from './upload';

/** Enough of XMLHttpRequest to drive uploadForm: records the request, answers on `respond`. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRequestLanguage('en');
  });

  it('posts the form with the token and language, reports progress and resolves with the body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    window.localStorage.setItem('token', 'abc');
    setRequestLanguage('zh-CN');
    const progress: number[] = [];
    const form = new FormData();
    const done = uploadForm<{ _id: string }>('/api/images', form, { onProgress: (fraction) => progress.push(fraction) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/images', form]);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer abc', 'Accept-Language': 'zh-CN' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.respond(201, { _id: 'x' });
    await expect(done).resolves.toEqual({ _id: 'x' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with a typed ApiError, and a rejected token ends the session', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    window.localStorage.setItem('token', 'stale');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const done = uploadForm('/api/materials', new FormData());
    FakeXhr.last!.respond(401, { errorCode: 'invalid_token', message: 'expired', details: {} });
    await expect(done).rejects.toEqual(new ApiError(401, 'invalid_token', 'expired'));
    expect(expired).toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBeNull();
    stop();
  });

  it('rejects with a TypeError when no response arrives', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadForm('/api/materials', new FormData());
    FakeXhr.last!.onerror?.();
    await expect(done).rejects.toBeInstanceOf(TypeError);
  });
});
