import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { SignInSessionsSection } from './SignInSessionsSection';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const current = {
  _id: '01JSESSION00000000000000AA',
  method: 'password',
  browser: 'chrome',
  os: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0',
  createdAt: '2026-11-20T08:00:00Z',
  lastSeenAt: minutesAgo(0),
  expiresAt: '2026-11-27T08:00:00Z',
  current: true,
};
const phone = {
  ...current,
  _id: '01JSESSION00000000000000BB',
  method: 'chat',
  browser: 'wechat',
  os: 'ios',
  lastSeenAt: minutesAgo(5),
  current: false,
};

describe('SignInSessionsSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('lists every session with its browser, method and last seen, marking this browser', async () => {
    mockApi([{ method: 'GET', path: '/api/auth/sessions', reply: { body: [current, phone] } }]);
    renderWithProviders(<SignInSessionsSection />);
    const list = await screen.findByRole('list', { name: 'Sign-in sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(first).getByText('This browser')).toBeInTheDocument();
    expect(within(first).getByText(/Signed in with: Password · Signed in: November 20, 2026 · Last seen: now/)).toBeInTheDocument();
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(within(second).getByText('WeChat on iOS')).toBeInTheDocument();
    expect(within(second).getByText(/Signed in with: Chat sign-on .* Last seen: 5 minutes ago/)).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'End session: WeChat on iOS, last seen 5 minutes ago' })).toBeInTheDocument();
  });

  it('ends another session after confirmation, with the keyboard', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/auth/sessions', reply: { body: [current, phone] } },
      { method: 'DELETE', path: `/api/auth/sessions/${phone._id}`, reply: { status: 204 } },
    ]);
    renderWithProviders(<SignInSessionsSection />);
    const end = await screen.findByRole('button', { name: /^End session: WeChat on iOS/ });
    end.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText(/WeChat on iOS will be signed out at once/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End Session' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });

  it('ends all other sessions and says how many', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/auth/sessions', reply: { body: [current, phone] } },
      { method: 'POST', path: '/api/auth/sessions/end-others', reply: { body: { ended: 1 } } },
    ]);
    renderWithProviders(<SignInSessionsSection />);
    await screen.findByText('WeChat on iOS');
    await userEvent.click(screen.getByRole('button', { name: 'End All Other Sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End All Other Sessions' }));
    expect(await screen.findByText('1 session ended')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers nothing to end when this is the only session', async () => {
    mockApi([{ method: 'GET', path: '/api/auth/sessions', reply: { body: [current] } }]);
    renderWithProviders(<SignInSessionsSection />);
    expect(await screen.findByText('No other browser or device is signed in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End All Other Sessions' })).toBeDisabled();
  });

  it('speaks Chinese, in-app browsers and relative times included, and explains a failure', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([
      { method: 'GET', path: '/api/auth/sessions', reply: { body: [current, phone] } },
      {
        method: 'DELETE',
        path: `/api/auth/sessions/${phone._id}`,
        reply: { status: 404, body: apiErrorBody('sign_in_session_not_found', 'x') },
      },
    ]);
    renderWithProviders(<SignInSessionsSection />);
    const list = await screen.findByRole('list', { name: '登录会话' });
    expect(within(list).getByText('当前浏览器')).toBeInTheDocument();
    expect(within(list).getByText('微信（iOS）')).toBeInTheDocument();
    expect(within(list).getByText(/登录方式：聊天产品登录 · .* · 最近活动：5分钟前/)).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /^结束会话：微信（iOS）/ }));
    const dialog = await screen.findByRole('dialog', { name: '结束此会话？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '结束会话' }));
    expect(await screen.findByText('无法结束会话：登录会话不存在，可能已经结束')).toBeInTheDocument();
  });
});
