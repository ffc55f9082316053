import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { aUser, anAdmin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ProfileSettings } from './ProfileSettings';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const endpoint = {
  server: 'llama.cpp',
  models: ['gemma-3-270m'],
  contextTokens: 4096,
  contextSource: 'server',
  tokenCounting: 'server',
  mode: 'json_object_schema',
  modeSource: 'probed',
  trials: [],
  checkedAt: minutesAgo(10),
  reachable: true,
};
const status = {
  provider: 'openai_compat',
  model: 'gemma-3-270m',
  baseUrl: 'http://127.0.0.1:8080/v1',
  deadlineSeconds: 90,
  maxConcurrent: 1,
  endpoint,
  health: {
    state: 'failing',
    lastSuccessAt: minutesAgo(5),
    lastFailureAt: minutesAgo(2),
    lastError: 'ai_unavailable: HTTP 500',
    medianLatencyMs: 1500,
    requests: 12,
    failures: 3,
    fallbackShare: 0.25,
  },
};
const trials = [
  { mode: 'json_schema', ok: false, detail: 'HTTP 500', seconds: 0.2 },
  { mode: 'json_object_schema', ok: true, detail: 'valid', seconds: 1.8 },
  { mode: 'json_object', ok: false, detail: 'answer not in the schema', seconds: 2.4 },
];
const check = {
  ok: true,
  summary: 'Connected to llama.cpp with gemma-3-270m: answers are held to each task’s JSON schema (json_object_schema); context window 4096 tokens.',
  status: { ...status, endpoint: { ...endpoint, trials } },
};

const others = [
  { method: 'GET', path: '/api/users/me/tokens', reply: { body: [] } },
  { method: 'GET', path: '/api/auth/sessions', reply: { body: [] } },
];

function renderSettings(user = anAdmin) {
  renderWithProviders(<ProfileSettings user={user} onSignOutEverywhere={() => Promise.resolve()} />);
}

describe('AI assistant settings (admins)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows an admin the model, how it is used and its health', async () => {
    mockApi([...others, { method: 'GET', path: '/api/ai/status', reply: { body: status } }]);
    renderSettings();
    expect(screen.getByRole('heading', { name: 'AI assistant' })).toBeInTheDocument();
    await screen.findByText('gemma-3-270m');
    const facts = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(
      expect.arrayContaining([
        'Model: gemma-3-270m',
        'Server: llama.cpp at http://127.0.0.1:8080/v1',
        'Context window: 4,096 tokens (reported by the server)',
        'Mode in use: json_object_schema: JSON with the schema as a grammar (found by testing the server)',
        "Token counting: with the server's tokenizer",
        'Limits: At most 90 s per action; 1 request at a time',
        'State: Failing',
        'Last success: 5 minutes ago',
        'Median latency: 1.5 s',
        'Completed by the offline assistant: 25 % of recent answers',
        'Last error: Could not be reached or failed (HTTP status 500) · 2 minutes ago',
      ]),
    );
  });

  it('tests the connection and lists every mode tried in a table', async () => {
    const { calls } = mockApi([
      ...others,
      { method: 'GET', path: '/api/ai/status', reply: { body: status } },
      { method: 'POST', path: '/api/ai/check', reply: { body: check } },
    ]);
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText(/^Connected to llama.cpp with gemma-3-270m/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/ai/check')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Structured-output modes tried' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Does not work', 'HTTP status 500', '0.2 s'],
      ['Works', 'valid answer', '1.8 s'],
      ['Does not work', 'answer not in the schema', '2.4 s'],
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('json_object_schema');
  });

  it('says the offline assistant is in use when no model is connected', async () => {
    mockApi([...others, { method: 'GET', path: '/api/ai/status', reply: { body: { provider: 'offline', model: null, endpoint: null, health: null } } }]);
    renderSettings();
    expect(await screen.findByText(/^The built-in offline assistant is in use/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test Connection' })).not.toBeInTheDocument();
  });

  it('is not shown to other users, who are not even asked about the model', async () => {
    const { calls } = mockApi(others);
    renderSettings(aUser);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/sessions')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'AI assistant' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/ai/'))).toBe(false);
  });

  it('speaks Chinese to a Chinese admin', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([...others, { method: 'GET', path: '/api/ai/status', reply: { body: status } }]);
    renderSettings();
    expect(screen.getByRole('heading', { name: 'AI 助手' })).toBeInTheDocument();
    expect(await screen.findByText('无法连接或出错（HTTP 状态码 500） · 2分钟前')).toBeInTheDocument();
    expect(screen.getByText('json_object_schema：以 JSON 结构作为语法约束（通过测试服务器得出）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '测试连接' })).toBeInTheDocument();
  });
});
