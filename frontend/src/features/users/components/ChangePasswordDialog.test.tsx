import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ChangePasswordDialog } from './ChangePasswordDialog';

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('alerts when the passwords do not match, without calling the server', async () => {
    const { fetchMock } = mockApi([]);
    renderWithProviders(<ChangePasswordDialog open onClose={vi.fn()} />);
    await fill('old-secret', 'new-secret', 'other-secret');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the fresh token and confirms success', async () => {
    window.localStorage.setItem('token', 'old-token');
    const { calls } = mockApi([
      { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
      { method: 'PUT', path: '/api/users/me/password', reply: { body: { token: 'new-token', user: aUser } } },
    ]);
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    await fill('old-secret', 'new-secret', 'new-secret');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
  });

  it('reports a wrong current password', async () => {
    mockApi([{ method: 'PUT', path: '/api/users/me/password', reply: { status: 401, body: apiErrorBody('incorrect_password') } }]);
    renderWithProviders(<ChangePasswordDialog open onClose={vi.fn()} />);
    await fill('wrong', 'new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error changing password: Incorrect password');
  });
});
