import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from '@/app/router';

function configReply(chatSsoEnabled: boolean) {
  return {
    method: 'GET',
    path: '/api/app/config',
    reply: {
      body: { appTitle: 'Slidewright', version: '1', aiProvider: 'offline', chatSsoEnabled, chatSsoName: chatSsoEnabled ? 'TeamChat' : null },
    },
  };
}

describe('chat sign-on on the login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers "Sign in with {name}", returning to the remembered page', async () => {
    mockApi([configReply(true)]);
    renderRoutes(appRoutes, '/tags');
    const button = await screen.findByRole('link', { name: 'Sign in with TeamChat' });
    expect(button).toHaveAttribute('href', '/api/auth/chat/start?next=%2Ftags');
  });

  it('says it in Chinese too', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([configReply(true)]);
    renderRoutes(appRoutes, '/login');
    expect(await screen.findByRole('link', { name: '使用 TeamChat 登录' })).toHaveAttribute(
      'href',
      '/api/auth/chat/start?next=%2Fprojects',
    );
  });

  it('shows no button when chat sign-on is not configured', async () => {
    mockApi([configReply(false)]);
    renderRoutes(appRoutes, '/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('explains a failed chat sign-in from the error code, translated', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([configReply(true)]);
    renderRoutes(appRoutes, '/login?error=chat_account_exists');
    expect(await screen.findByRole('alert')).toHaveTextContent('已存在使用此邮箱的账户。请用密码登录，或请管理员将其关联到聊天产品。');
  });

  it('explains a full license without a number it does not have', async () => {
    mockApi([configReply(true)]);
    renderRoutes(appRoutes, '/login?error=license_user_limit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'All licensed seats on this server are taken, so no new account can be created. Please contact your administrator.',
    );
  });

  it('falls back to a generic translated message for an unknown code', async () => {
    mockApi([configReply(true)]);
    renderRoutes(appRoutes, '/login?error=%3Cscript%3E');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with the chat product failed. Please try again.');
  });
});
