import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { SignupForm } from './SignupForm';

async function fill(name: string, email: string, password: string) {
  if (name) await userEvent.type(screen.getByLabelText('Full name'), name);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('SignupForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates every field before calling the server', async () => {
    const { fetchMock } = mockApi([]);
    renderWithProviders(<SignupForm onSuccess={vi.fn()} />);
    await fill('', '', '');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires 6 password characters', async () => {
    mockApi([]);
    renderWithProviders(<SignupForm onSuccess={vi.fn()} />);
    await fill('Ada', 'ada@example.com', '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows email_already_exists on the email field', async () => {
    mockApi([{ method: 'POST', path: '/api/auth/signup', reply: { status: 409, body: apiErrorBody('email_already_exists') } }]);
    renderWithProviders(<SignupForm onSuccess={vi.fn()} />);
    await fill('Ada', 'ada@example.com', 'secret1');
    expect(await screen.findByText('Email already in use')).toBeInTheDocument();
  });

  it('translates the license seat limit into the banner', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/auth/signup',
        reply: { status: 403, body: apiErrorBody('license_user_limit', 'Seats taken', { maxUsers: 5 }) },
      },
    ]);
    renderWithProviders(<SignupForm onSuccess={vi.fn()} />);
    await fill('Ada', 'ada@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent("This server's license allows 5 users");
  });

  it('signs up with trimmed values and reports success', async () => {
    const { calls } = mockApi([{ method: 'POST', path: '/api/auth/signup', reply: { status: 201, body: { token: 't', user: aUser } } }]);
    const onSuccess = vi.fn();
    renderWithProviders(<SignupForm onSuccess={onSuccess} />);
    await fill(' Ada ', ' ada@example.com ', 'secret1');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(aUser));
    expect(calls[0]?.body).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'secret1' });
  });
});
