import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/api/token';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from '../router';

const chatUser = { ...aUser, authType: 'chat' };
const config = {
  method: 'GET',
  path: '/api/app/config',
  reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: 'offline', chatSsoEnabled: true, chatSsoName: 'TeamChat' } },
};

describe('/auth/chat (the end of a chat sign-on)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('trades the one-time code once, keeps the session and goes on to next', async () => {
    const { calls } = mockApi([
      config,
      { method: 'POST', path: '/api/auth/chat/exchange', reply: { body: { token: 'chat-token', user: chatUser } } },
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
      { method: 'GET', path: '/api/users/me', reply: { body: chatUser } },
    ]);
    const { router } = renderRoutes(appRoutes, '/auth/chat#code=one-time&next=%2Ftags');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags'));
    expect(getToken()).toBe('chat-token');
    const exchanges = calls.filter((call) => call.path === '/api/auth/chat/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ code: 'one-time' });
  });

  it('never follows next to another site', async () => {
    mockApi([
      config,
      { method: 'POST', path: '/api/auth/chat/exchange', reply: { body: { token: 'chat-token', user: chatUser } } },
      { method: 'GET', path: '/api/projects', reply: { body: [] } },
      { method: 'GET', path: '/api/users/me', reply: { body: chatUser } },
    ]);
    const { router } = renderRoutes(appRoutes, '/auth/chat#code=c&next=%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('returns to the login page with the reason when the code is spent', async () => {
    mockApi([
      config,
      { method: 'POST', path: '/api/auth/chat/exchange', reply: { status: 400, body: apiErrorBody('chat_code_invalid') } },
    ]);
    const { router } = renderRoutes(appRoutes, '/auth/chat#code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has expired or was already used. Please sign in again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });
});
