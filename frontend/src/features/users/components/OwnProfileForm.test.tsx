import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { OwnProfileForm } from './OwnProfileForm';

describe('OwnProfileForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits the name with Edit Profile and Save Changes', async () => {
    const { calls } = mockApi([{ method: 'PUT', path: '/api/users/me', reply: { body: { ...aUser, name: 'Ada King' } } }]);
    renderWithProviders(<OwnProfileForm user={aUser} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(calls).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ name: 'Ada King' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
  });

  it('cancels without saving and keeps the email read-only', async () => {
    const { fetchMock } = mockApi([]);
    renderWithProviders(<OwnProfileForm user={aUser} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(screen.getByLabelText(/^Name/), ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Name')).toHaveValue(aUser.name);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('will not save a blank name', async () => {
    mockApi([]);
    renderWithProviders(<OwnProfileForm user={aUser} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(screen.getByLabelText(/^Name/));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });
});
