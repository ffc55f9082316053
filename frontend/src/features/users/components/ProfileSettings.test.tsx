import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ProfileSettings } from './ProfileSettings';

const noTokens = { method: 'GET', path: '/api/users/me/tokens', reply: { body: [] } };
const noSessions = { method: 'GET', path: '/api/auth/sessions', reply: { body: [] } };

describe('ProfileSettings: sign out everywhere', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('asks first, then ends every session', async () => {
    mockApi([noTokens, noSessions]);
    const signOutEverywhere = vi.fn(() => Promise.resolve());
    renderWithProviders(<ProfileSettings user={aUser} onSignOutEverywhere={signOutEverywhere} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(signOutEverywhere).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    await waitFor(() => expect(signOutEverywhere).toHaveBeenCalledTimes(1));
  });

  it('says so when the server refuses, and the dialog closes', async () => {
    mockApi([noTokens, noSessions]);
    const signOutEverywhere = vi.fn(() => Promise.reject(new Error('offline')));
    renderWithProviders(<ProfileSettings user={aUser} onSignOutEverywhere={signOutEverywhere} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out Everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText(/^Could not sign out everywhere/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks Chinese to a Chinese user', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([noTokens, noSessions]);
    renderWithProviders(<ProfileSettings user={aUser} onSignOutEverywhere={() => Promise.resolve()} />);
    expect(screen.getByRole('button', { name: '在所有设备上退出' })).toBeInTheDocument();
  });
});
