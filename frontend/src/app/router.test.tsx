import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { anAdmin, aUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from './router';

const config = { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'Deck Studio', version: '1', aiProvider: 'offline' } } };
const me = { method: 'GET', path: '/api/users/me', reply: { body: aUser } };

describe('app routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('redirects a signed-out visitor from a protected route to /login, remembering it', async () => {
    mockApi([config]);
    const { router } = renderRoutes(appRoutes, '/tags?x=1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/tags?x=1' });
  });

  it('shows a full-page spinner while the session loads', async () => {
    window.localStorage.setItem('token', 't');
    mockApi([config, { method: 'GET', path: '/api/users/me', reply: () => new Promise<never>(() => undefined) }]);
    renderRoutes(appRoutes, '/projects');
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it("shows a project's materials at /projects/:id/materials inside the shell, with Back to the project", async () => {
    window.localStorage.setItem('token', 't');
    mockApi([
      config,
      me,
      { method: 'GET', path: '/api/projects/p1', reply: { body: { _id: 'p1', title: 'Deck' } } },
      { method: 'GET', path: '/api/projects/p1/materials', reply: { body: [] } },
    ]);
    renderRoutes(appRoutes, '/projects/p1/materials');
    expect(await screen.findByRole('heading', { name: 'Project materials', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/The materials of “Deck”/)).toBeInTheDocument();
    expect(await screen.findByText('This project has no materials yet. Upload, create or link some.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Materials' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to project' })).toHaveAttribute('href', '/projects/p1?tab=2');
    expect(screen.getByRole('link', { name: 'Projects', current: 'page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(await screen.findByText('Deck Studio')).toBeInTheDocument();
  });

  it("shows a project's materials in Chinese too", async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([
      config,
      me,
      { method: 'GET', path: '/api/projects/p1', reply: { body: { _id: 'p1', title: 'Deck' } } },
      { method: 'GET', path: '/api/projects/p1/materials', reply: { body: [] } },
    ]);
    renderRoutes(appRoutes, '/projects/p1/materials');
    expect(await screen.findByRole('heading', { name: '项目资料', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回项目' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关联资料' })).toBeInTheDocument();
  });

  it('shows the image gallery at /pictures, in Chinese too', async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([
      config,
      me,
      { method: 'GET', path: '/api/images', reply: { body: [] } },
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
    ]);
    renderRoutes(appRoutes, '/pictures');
    expect(await screen.findByRole('heading', { name: '图片库', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('还没有图片。上传您的第一张图片吧！')).toBeInTheDocument();
  });

  it('answers unknown paths with a translated 404 page', async () => {
    mockApi([config]);
    renderRoutes(appRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor of /login on to /projects', async () => {
    window.localStorage.setItem('token', 't');
    mockApi([config, me, { method: 'GET', path: '/api/projects', reply: { body: [] } }]);
    const { router } = renderRoutes(appRoutes, '/login');
    expect(await screen.findByRole('heading', { name: 'Projects', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it("shows another user's profile read-only, without Settings", async () => {
    window.localStorage.setItem('token', 't');
    const other = { _id: anAdmin._id, name: anAdmin.name, role: anAdmin.role, authType: 'local' };
    mockApi([config, me, { method: 'GET', path: `/api/users/${anAdmin._id}`, reply: { body: other } }]);
    renderRoutes(appRoutes, `/users/${anAdmin._id}`);
    expect(await screen.findByRole('heading', { name: "Grace Hopper's Profile" })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('sends /users/<own id> to /profile', async () => {
    window.localStorage.setItem('token', 't');
    mockApi([config, me]);
    const { router } = renderRoutes(appRoutes, `/users/${aUser._id}`);
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeInTheDocument();
  });
});
