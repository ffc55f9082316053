import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { ApiTokensSection } from './ApiTokensSection';

const existing = {
  _id: '01JTOKEN0000000000000000AA',
  name: 'Nightly export',
  scope: 'read',
  prefix: 'swpat_Ab3x',
  createdAt: '2026-11-01T08:00:00Z',
  expiresAt: '2027-01-30T08:00:00Z',
  lastUsedAt: null,
};

describe('ApiTokensSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('lists tokens without their secrets', async () => {
    mockApi([{ method: 'GET', path: '/api/users/me/tokens', reply: { body: [existing] } }]);
    renderWithProviders(<ApiTokensSection />);
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('Nightly export')).toBeInTheDocument();
    expect(within(list).getByText('Read only')).toBeInTheDocument();
    expect(within(list).getByText('swpat_Ab3x…')).toBeInTheDocument();
    expect(within(list).getByText(/Last used: Not yet/)).toBeInTheDocument();
  });

  it('creates a token with the chosen access and expiry, and shows the secret once', async () => {
    const created = { ...existing, _id: '01JTOKEN0000000000000000BB', name: 'CI', scope: 'write', expiresAt: null, token: 'swpat_secret-value' };
    const { calls } = mockApi([
      { method: 'GET', path: '/api/users/me/tokens', reply: { body: [] } },
      { method: 'POST', path: '/api/users/me/tokens', reply: { status: 201, body: created } },
    ]);
    renderWithProviders(<ApiTokensSection />);
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('Give the token a name')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Never' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your new token' });
    expect(within(shown).getByRole('textbox', { name: 'New API token' })).toHaveValue('swpat_secret-value');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'CI', scope: 'write', expiresInDays: null });
  });

  it('revokes a token after confirmation, and explains a failure in Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    const { calls } = mockApi([
      { method: 'GET', path: '/api/users/me/tokens', reply: { body: [existing] } },
      { method: 'DELETE', path: `/api/users/me/tokens/${existing._id}`, reply: { status: 404, body: apiErrorBody('api_token_not_found', 'x') } },
    ]);
    renderWithProviders(<ApiTokensSection />);
    await userEvent.click(await screen.findByRole('button', { name: '撤销 Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: '撤销此令牌？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(/^无法撤销令牌/)).toBeInTheDocument();
  });
});
