import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi, networkFailure } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './LoginForm';

async function submit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function renderLogin(onSuccess = vi.fn()) {
  renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return onSuccess;
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires email and password without calling the server', async () => {
    const { fetchMock } = mockApi([]);
    renderLogin();
    await submit('', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows user_not_found on the email field', async () => {
    mockApi([{ method: 'POST', path: '/api/auth/login', reply: { status: 404, body: apiErrorBody('user_not_found', 'User not found.') } }]);
    renderLogin();
    await submit('nobody@example.com', 'secret1');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows incorrect_password on the password field, tagged for chat accounts', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/auth/login',
        reply: { status: 401, body: apiErrorBody('incorrect_password', '', { authType: 'chat' }) },
      },
    ]);
    renderLogin();
    await submit(aUser.email, 'wrong');
    expect(await screen.findByText('Incorrect password (Chat account)')).toBeInTheDocument();
  });

  it('translates rate limiting into the banner', async () => {
    mockApi([{ method: 'POST', path: '/api/auth/login', reply: { status: 429, body: apiErrorBody('rate_limited', 'Too many') } }]);
    renderLogin();
    await submit(aUser.email, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
  });

  it('reports a failure without a response as unexpected', async () => {
    mockApi([{ method: 'POST', path: '/api/auth/login', reply: networkFailure }]);
    renderLogin();
    await submit(aUser.email, 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it('clears the previous errors on a new submit and succeeds', async () => {
    let attempt = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attempt += 1;
        return attempt === 1
          ? new Response(JSON.stringify(apiErrorBody('incorrect_password', '', { authType: 'local' })), { status: 401 })
          : new Response(JSON.stringify({ token: 't', user: aUser }), { status: 200 });
      }),
    );
    const onSuccess = renderLogin();
    await submit(aUser.email, 'wrong');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(aUser));
    expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
  });

  it('toggles password visibility', async () => {
    mockApi([]);
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
