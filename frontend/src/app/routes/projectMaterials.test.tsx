import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject } from '@/features/projects/editor/testData';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aMaterial, aUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from '../router';

/**
 * A project's materials are one feature across the project page's Materials tab and the three
 * /projects/{id}/materials routes (spec §2): rows and search lead into the routes, Back leads
 * back to the tab, and every call goes to the project's endpoints.
 */

const project = aProject([], { _id: 'p1', title: 'Deck', pptxFileId: null });
const own = aMaterial({ _id: '01JMATOWN00000000000000001', projectId: 'p1', fileMeta: { filename: 'brief.md', type: 'md', size: 900, parsedText: '项目简报' } });
const linked = aMaterial(); // from the library: projectId null
const base = '/api/projects/p1/materials';

const signedIn = [
  { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: 'offline' } } },
  { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
  { method: 'GET', path: '/api/projects/p1', reply: { body: project } },
  { method: 'GET', path: '/api/tags', reply: { body: [] } },
];

const hit = {
  material: linked,
  filenameHighlights: [[0, 2]],
  snippet: { text: '二〇二五年市场营销计划 第三季度的营收同比增长。', highlights: [[5, 7]], truncatedStart: false, truncatedEnd: false },
};

describe('project materials', { timeout: 30_000 }, () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  beforeEach(() => window.localStorage.setItem('token', 't'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens a material from the Materials tab; Back returns to the tab', async () => {
    mockApi([...signedIn, { method: 'GET', path: base, reply: { body: [own, linked] } }, { method: 'GET', path: `${base}/${linked._id}`, reply: { body: linked } }]);
    const { router } = renderRoutes(appRoutes, '/projects/p1?tab=2');
    expect(await screen.findByRole('tab', { name: 'Materials', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Materials' });
    // The project's own material and the linked one, the latter marked as from the library.
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      `/projects/p1/materials/${own._id}`,
      `/projects/p1/materials/${linked._id}`,
    ]);
    expect(within(list).getAllByText('From your library')).toHaveLength(1);

    await userEvent.click(within(list).getByRole('link', { name: /市场营销计划\.docx/ }));
    expect(await screen.findByRole('heading', { level: 1, name: '市场营销计划.docx' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/projects/p1/materials/${linked._id}`);
    expect(screen.getByText('Linked from your library. Removing it here keeps it in your library.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to project' }));
    expect(router.state.location.pathname).toBe('/projects/p1');
    expect(router.state.location.search).toBe('?tab=2');
    expect(await screen.findByRole('tab', { name: 'Materials', selected: true })).toBeInTheDocument();
  });

  it("searches from the tab within the project only, with the query highlighted and the count", async () => {
    const { calls } = mockApi([
      ...signedIn,
      { method: 'GET', path: base, reply: { body: [linked] } },
      { method: 'POST', path: `${base}/search`, reply: { body: { query: '市场', total: 1, results: [hit] } } },
    ]);
    const { router } = renderRoutes(appRoutes, '/projects/p1?tab=2');
    await userEvent.type(await screen.findByRole('searchbox', { name: "Search this project's materials" }), '市场{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('1 result for “市场”');
    expect(router.state.location.pathname).toBe('/projects/p1/materials/search');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('市场')}`);
    expect(calls.find((call) => call.path.endsWith('/search'))?.body).toEqual({ query: '市场', limit: 20, offset: 0 });
    expect(calls.some((call) => call.path === '/api/materials/search')).toBe(false);
    expect(await screen.findByText('Searching only the materials of “Deck”.')).toBeInTheDocument();

    const result = screen.getByRole('article');
    expect([...result.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['市场', '市场']);
    expect(within(result).getByRole('link')).toHaveAttribute('href', `/projects/p1/materials/${linked._id}`);
    expect(screen.getByRole('link', { name: 'Back to project' })).toHaveAttribute('href', '/projects/p1?tab=2');
  });

  it('toggles enabled for this project on the detail page', async () => {
    const { calls } = mockApi([
      ...signedIn,
      { method: 'GET', path: `${base}/${own._id}`, reply: { body: own } },
      { method: 'POST', path: `${base}/${own._id}/toggle-enabled`, reply: { body: { ...own, enabled: false } } },
    ]);
    renderRoutes(appRoutes, `/projects/p1/materials/${own._id}`);
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable “brief.md”' }));
    expect(await screen.findByText('Material disabled')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${base}/${own._id}/toggle-enabled`]);
    // Uploaded into the project: Delete deletes (not "remove from project").
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('removes a linked material from the project and returns to the tab', async () => {
    mockApi([
      ...signedIn,
      { method: 'GET', path: `${base}/${linked._id}`, reply: { body: linked } },
      { method: 'DELETE', path: `${base}/${linked._id}`, reply: { status: 204 } },
      { method: 'GET', path: base, reply: { body: [] } },
    ]);
    const { router } = renderRoutes(appRoutes, `/projects/p1/materials/${linked._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from project?' });
    expect(dialog).toHaveTextContent('“市场营销计划.docx” stays in your library; this project stops using it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from Project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/p1'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(await screen.findByText('Material removed from the project')).toBeInTheDocument();
  });

  it("shows the spec's not-found text for a material that is not in the project", async () => {
    mockApi([...signedIn, { method: 'GET', path: `${base}/nope`, reply: { status: 404, body: apiErrorBody('material_not_found') } }]);
    renderRoutes(appRoutes, '/projects/p1/materials/nope');
    expect(
      await screen.findByText("Material not found. It might have been deleted or you don't have permission to view it."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to project' })).toHaveAttribute('href', '/projects/p1?tab=2');
  });

  it('reads in Chinese on the search page', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([...signedIn, { method: 'POST', path: `${base}/search`, reply: { body: { query: '市场', total: 0, results: [] } } }]);
    renderRoutes(appRoutes, `/projects/p1/materials/search?q=${encodeURIComponent('市场')}`);
    expect(await screen.findByText('未找到结果')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回项目' })).toHaveAttribute('href', '/projects/p1?tab=2');
    expect(await screen.findByText('仅搜索“Deck”的资料。')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索本项目的资料' })).toHaveValue('市场');
  });
});
