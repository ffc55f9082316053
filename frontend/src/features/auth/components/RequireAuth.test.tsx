import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from '@/api/client';
import { apiErrorBody, apiResponse, mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { useAuth } from '../hooks/authContext';
import { RequireAuth } from './RequireAuth';

/** A protected page with the account's sign-out, and (optionally) a request of its own. */
function ProtectedPage({ poll = false }: { poll?: boolean }) {
  const { logout } = useAuth();
  useQuery({ queryKey: ['tags'], queryFn: async () => unwrap(await api.GET('/api/tags')), enabled: poll, refetchInterval: poll ? 20 : false });
  return <button onClick={() => void logout()}>Log out</button>;
}

function routes(poll = false) {
  return [
    { path: '/', element: <p>landing page</p> },
    { path: '/login', element: <p>login page</p> },
    { element: <RequireAuth />, children: [{ path: '/projects', element: <ProtectedPage poll={poll} /> }] },
  ];
}

describe('RequireAuth', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without a session to /login', async () => {
    mockApi([]);
    renderRoutes(routes(), '/projects');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  /** Signed in on /projects, then Log out: the router, once the landing page shows. */
  async function signedInThenOut() {
    window.localStorage.setItem('token', 'stored-token');
    mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'POST', path: '/api/auth/logout', reply: { status: 204 } },
    ]);
    const { router } = renderRoutes(routes(), '/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    return router;
  }

  it('takes a user who signs out to the landing page, not to /login', async () => {
    const router = await signedInThenOut();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a later visit to a protected page (Back, a link) to /login, remembering it', async () => {
    const router = await signedInThenOut();
    await act(() => router.navigate('/projects'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/projects' });
  });

  it('goes to the landing page even when a request of the page is refused before the sign-out answers', async () => {
    window.localStorage.setItem('token', 'stored-token');
    let answerLogout: (response: Response) => void = () => {};
    let ended = false;
    mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      // Once the server ended the session, the page's next request is refused while the
      // sign-out's own answer is still on its way.
      { method: 'GET', path: '/api/tags', reply: () => Promise.resolve(apiResponse(ended ? { status: 401, body: apiErrorBody('invalid_token') } : { body: [] })) },
      {
        method: 'POST',
        path: '/api/auth/logout',
        reply: () => {
          ended = true;
          return new Promise<Response>((resolve) => (answerLogout = resolve));
        },
      },
    ]);
    const { router } = renderRoutes(routes(true), '/projects');
    const button = await screen.findByRole('button', { name: 'Log out' });
    await userEvent.click(button);
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    answerLogout(apiResponse({ status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
