import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { aMaterial } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { MaterialSearchPage } from './MaterialSearchPage';

const plan = aMaterial();
const hit = {
  material: plan,
  filenameHighlights: [[0, 2]],
  snippet: { text: '扩大市场份额，营收增长', highlights: [[2, 4]], truncatedStart: true, truncatedEnd: true },
};
const routes = [
  { path: '/materials/search', element: <MaterialSearchPage /> },
  { path: '/materials/:materialId', element: <p>detail page</p> },
];
const search = (body: unknown) => ({ method: 'POST', path: '/api/materials/search', reply: { body } });

describe('MaterialSearchPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the count and each hit with the query marked in filename and snippet, with ellipses', async () => {
    const { calls } = mockApi([search({ query: '市场', total: 1, results: [hit] })]);
    renderRoutes(routes, `/materials/search?q=${encodeURIComponent('市场')}`);
    expect(await screen.findByRole('status')).toHaveTextContent('1 result for “市场”');
    const result = screen.getByRole('article');
    const marks = result.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['市场', '市场']);
    expect(within(result).getByRole('heading')).toHaveTextContent('市场营销计划.docx');
    expect(within(result).getByTestId('snippet')).toHaveTextContent('…扩大市场份额，营收增长…');
    expect(within(result).getByText('Created March 1, 2025')).toBeInTheDocument();
    expect(within(result).getByRole('switch', { name: 'Enable “市场营销计划.docx”' })).toBeChecked();
    expect(within(result).getByRole('button', { name: 'Delete “市场营销计划.docx”' })).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ query: '市场', limit: 20, offset: 0 });
    expect(screen.queryByRole('button', { name: /Show more results/ })).not.toBeInTheDocument();
  });

  it('renders markup in names and text as text, never as HTML', async () => {
    const sneaky = {
      ...hit,
      material: aMaterial({ fileMeta: { ...plan.fileMeta, filename: '<img src=x onerror=alert(1)>报告.txt' } }),
      filenameHighlights: [[28, 30]],
      snippet: { text: '<b>bold</b> 报告', highlights: [[12, 14]], truncatedStart: false, truncatedEnd: false },
    };
    mockApi([search({ query: '报告', total: 1, results: [sneaky] })]);
    renderRoutes(routes, `/materials/search?q=${encodeURIComponent('报告')}`);
    const result = await screen.findByRole('article');
    expect(result.querySelector('img, b')).toBeNull();
    expect(within(result).getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)>报告.txt');
    expect([...result.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['报告', '报告']);
  });

  it("says 'No results found'", async () => {
    mockApi([search({ query: 'zzz', total: 0, results: [] })]);
    renderRoutes(routes, '/materials/search?q=zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('loads the next page on demand, then opens a result', async () => {
    const second = { ...hit, material: aMaterial({ _id: '01JMAT000000000000000000009', fileMeta: { ...plan.fileMeta, filename: '市场分析.md' } }) };
    const { calls } = mockApi([
      {
        method: 'POST',
        path: '/api/materials/search',
        reply: () => Promise.resolve(Response.json({ query: '市场', total: 2, results: calls.length === 1 ? [hit] : [second] })),
      },
    ]);
    const { router } = renderRoutes(routes, `/materials/search?q=${encodeURIComponent('市场')}`);
    expect(await screen.findByRole('status')).toHaveTextContent('2 results for “市场”');
    await userEvent.click(screen.getByRole('button', { name: 'Show more results (1 of 2 shown)' }));
    expect(await screen.findByRole('heading', { name: '市场分析.md' })).toBeInTheDocument();
    expect(calls.map((call) => (call.body as { offset: number }).offset)).toEqual([0, 1]);
    expect(screen.queryByRole('button', { name: /Show more results/ })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getAllByRole('article')[0]!).getByRole('link'));
    expect(router.state.location.pathname).toBe(`/materials/${plan._id}`);
  });

  it('shows the count in Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([search({ query: '市场', total: 3, results: [hit] })]);
    renderRoutes(routes, `/materials/search?q=${encodeURIComponent('市场')}`);
    expect(await screen.findByRole('status')).toHaveTextContent('“市场”共有 3 条结果');
    expect(screen.getByRole('heading', { level: 1, name: '搜索结果' })).toBeInTheDocument();
  });
});
