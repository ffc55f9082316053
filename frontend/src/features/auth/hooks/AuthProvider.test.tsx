import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi, networkFailure } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { useAuth, type AuthContextValue } from './authContext';

// The latest context value, for calling login/logout from the test body.
let auth: AuthContextValue;
function Probe() {
  const value = useAuth();
  useEffect(() => {
    auth = value;
  });
  return <p data-testid="state">{value.loading ? 'loading' : (value.user?.name ?? 'signed out')}</p>;
}

const state = () => screen.getByTestId('state');

describe('AuthProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is signed out without a stored token and does not call the API', () => {
    const { fetchMock } = mockApi([]);
    renderWithProviders(<Probe />);
    expect(state()).toHaveTextContent('signed out');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the user for a stored token, loading until then', async () => {
    window.localStorage.setItem('token', 'stored-token');
    const { calls } = mockApi([{ method: 'GET', path: '/api/users/me', reply: { body: aUser } }]);
    renderWithProviders(<Probe />);
    expect(state()).toHaveTextContent('loading');
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('removes the token and signs out when the user cannot be loaded', async () => {
    window.localStorage.setItem('token', 'revoked');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi([{ method: 'GET', path: '/api/users/me', reply: { status: 401, body: apiErrorBody('invalid_token') } }]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent('signed out'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('also signs out when the server cannot be reached', async () => {
    window.localStorage.setItem('token', 'stored-token');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi([{ method: 'GET', path: '/api/users/me', reply: networkFailure }]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent('signed out'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('login stores the token and returns the user', async () => {
    const { calls } = mockApi([{ method: 'POST', path: '/api/auth/login', reply: { body: { token: 'fresh', user: aUser } } }]);
    renderWithProviders(<Probe />);
    let returned;
    await act(async () => {
      returned = await auth.login({ email: aUser.email, password: 'secret1' });
    });
    expect(returned).toEqual(aUser);
    expect(window.localStorage.getItem('token')).toBe('fresh');
    expect(state()).toHaveTextContent(aUser.name);
    expect(calls[0]?.body).toEqual({ email: aUser.email, password: 'secret1' });
  });

  it('signup stores the token and returns the user', async () => {
    mockApi([{ method: 'POST', path: '/api/auth/signup', reply: { status: 201, body: { token: 'new', user: aUser } } }]);
    renderWithProviders(<Probe />);
    await act(async () => {
      await auth.signup({ name: aUser.name, email: aUser.email, password: 'secret1' });
    });
    expect(window.localStorage.getItem('token')).toBe('new');
    expect(state()).toHaveTextContent(aUser.name);
  });

  it('logout revokes on the server and clears the token and user', async () => {
    window.localStorage.setItem('token', 'stored-token');
    const { calls } = mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'POST', path: '/api/auth/logout', reply: { status: 204 } },
    ]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    await act(() => auth.logout());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(state()).toHaveTextContent('signed out');
  });

  it('logout still signs out locally when the server call fails', async () => {
    window.localStorage.setItem('token', 'stored-token');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'POST', path: '/api/auth/logout', reply: networkFailure },
    ]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    await act(() => auth.logout());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(state()).toHaveTextContent('signed out');
  });

  it('logoutEverywhere ends every session on the server, then signs out here', async () => {
    window.localStorage.setItem('token', 'stored-token');
    const { calls } = mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'POST', path: '/api/auth/logout-everywhere', reply: { status: 204 } },
    ]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    await act(() => auth.logoutEverywhere());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout-everywhere');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(state()).toHaveTextContent('signed out');
  });

  it('logoutEverywhere stays signed in and rejects when the server refuses', async () => {
    window.localStorage.setItem('token', 'stored-token');
    mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'POST', path: '/api/auth/logout-everywhere', reply: { status: 503, body: { errorCode: 'service_unavailable', message: 'x' } } },
    ]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    await expect(act(() => auth.logoutEverywhere())).rejects.toBeDefined();
    expect(window.localStorage.getItem('token')).toBe('stored-token');
    expect(state()).toHaveTextContent(aUser.name);
  });

  it('signs out when another tab removes the token', async () => {
    window.localStorage.setItem('token', 'stored-token');
    mockApi([{ method: 'GET', path: '/api/users/me', reply: { body: aUser } }]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(state()).toHaveTextContent(aUser.name));
    act(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    expect(state()).toHaveTextContent('signed out');
  });
});
