import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { api, onSessionExpired, setRequestLanguage } from './client';
import { ApiError } from './errors';

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRequestLanguage('en');
  });

  it('sends the stored token and the interface language', async () => {
    window.localStorage.setItem('token', 'abc');
    setRequestLanguage('zh-CN');
    const { calls } = mockApi([{ method: 'GET', path: '/api/tags', reply: { body: [] } }]);
    await api.GET('/api/tags');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockApi([{ method: 'GET', path: '/api/app/config', reply: { body: {} } }]);
    await api.GET('/api/app/config');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('rejects with a typed ApiError carrying code, message and details', async () => {
    mockApi([
      { method: 'POST', path: '/api/tags', reply: { status: 409, body: apiErrorBody('tag_exists', 'Exists', { name: 'A' }) } },
    ]);
    const failure = api.POST('/api/tags', { body: { name: 'A', public: false } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, errorCode: 'tag_exists', message: 'Exists', details: { name: 'A' } });
  });

  it('gives a non-JSON error body a status-based code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.GET('/api/tags')).rejects.toMatchObject({ status: 502, errorCode: 'http_502' });
  });

  it('drops the token and announces expiry when the server rejects it', async () => {
    window.localStorage.setItem('token', 'revoked');
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    mockApi([{ method: 'GET', path: '/api/tags', reply: { status: 401, body: apiErrorBody('invalid_token') } }]);
    await expect(api.GET('/api/tags')).rejects.toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('keeps the session on a wrong current password', async () => {
    window.localStorage.setItem('token', 'valid');
    mockApi([
      { method: 'PUT', path: '/api/users/me/password', reply: { status: 401, body: apiErrorBody('incorrect_password') } },
    ]);
    await expect(
      api.PUT('/api/users/me/password', { body: { currentPassword: 'x', newPassword: 'yyyyyy' } }),
    ).rejects.toMatchObject({ errorCode: 'incorrect_password' });
    expect(window.localStorage.getItem('token')).toBe('valid');
  });
});
