import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aMaterial } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { MaterialDetailPage } from './MaterialDetailPage';

const plan = aMaterial({ tags: ['年度计划'] });
const routes = [
  { path: '/materials', element: <p>the list</p> },
  { path: '/materials/:materialId', element: <MaterialDetailPage materialId={plan._id} /> },
];
const get = (reply: { status?: number; body?: unknown }) => ({ method: 'GET', path: `/api/materials/${plan._id}`, reply });
const tags = { method: 'GET', path: '/api/tags', reply: { body: [] } };

describe('MaterialDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows filename, type, size in KB, date, tags and the parsed text in monospace', async () => {
    mockApi([get({ body: plan }), tags]);
    renderRoutes(routes, `/materials/${plan._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '市场营销计划.docx' })).toBeInTheDocument();
    expect(screen.getByText('Word document')).toBeInTheDocument();
    expect(screen.getByText('36.2 KB')).toBeInTheDocument();
    expect(screen.getByText('March 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '年度计划' })).toBeInTheDocument();
    const text = screen.getByText(/第三季度的营收同比增长/);
    expect(text.tagName).toBe('PRE');
    expect(screen.getByRole('switch', { name: 'Enable “市场营销计划.docx”' })).toBeChecked();
  });

  it('shows the spec message on a 404', async () => {
    mockApi([get({ status: 404, body: apiErrorBody('material_not_found') })]);
    renderRoutes(routes, `/materials/${plan._id}`);
    expect(
      await screen.findByText("Material not found. It might have been deleted or you don't have permission to view it."),
    ).toBeInTheDocument();
  });

  it('adds a tag', async () => {
    const { calls } = mockApi([
      get({ body: plan }),
      tags,
      { method: 'PUT', path: `/api/materials/${plan._id}`, reply: { body: { ...plan, tags: ['年度计划', '华东'] } } },
    ]);
    renderRoutes(routes, `/materials/${plan._id}`);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Tags' }), '华东{Enter}');
    expect(await screen.findByText('Tags updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ tags: ['年度计划', '华东'] });
  });

  it('deletes and returns to the list', async () => {
    mockApi([get({ body: plan }), tags, { method: 'DELETE', path: `/api/materials/${plan._id}`, reply: { status: 204 } }]);
    const { router } = renderRoutes(routes, `/materials/${plan._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/materials'));
    expect(await screen.findByText('Material deleted')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([get({ body: plan }), tags]);
    renderRoutes(routes, `/materials/${plan._id}`);
    expect(await screen.findByText('Word 文档')).toBeInTheDocument();
    expect(screen.getByText('解析出的文本')).toBeInTheDocument();
    expect(screen.getByText('2025年3月1日')).toBeInTheDocument();
  });
});
