import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { AuthImage } from './AuthImage';
import { stubImageFetch } from './testImages';

describe('AuthImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches the image with the bearer token and shows it from an object URL', async () => {
    window.localStorage.setItem('token', 'secret');
    const { requests } = stubImageFetch();
    renderWithProviders(<AuthImage src="/api/files/thumbnails/T1/1.jpg" alt="Slide 1" />);
    expect(await screen.findByRole('img', { name: 'Slide 1' })).toHaveAttribute('src', 'blob:test/1');
    expect(requests).toEqual([{ url: '/api/files/thumbnails/T1/1.jpg', authorization: 'Bearer secret' }]);
  });

  it('revokes the object URL when unmounted', async () => {
    window.localStorage.setItem('token', 'secret');
    const { revoked } = stubImageFetch();
    const { unmount } = renderWithProviders(<AuthImage src="/api/x.jpg" alt="Slide 1" />);
    await screen.findByRole('img', { name: 'Slide 1' });
    unmount();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('shows a placeholder when the image fails to load', async () => {
    window.localStorage.setItem('token', 'secret');
    stubImageFetch(() => 404);
    renderWithProviders(<AuthImage src="/api/x.jpg" alt="Slide 1" missingCaption="No thumbnail yet" />);
    expect(await screen.findByText('No thumbnail yet')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Slide 1' }).tagName).not.toBe('IMG');
  });

  it('fetches nothing and says so when no token is stored', () => {
    const { requests } = stubImageFetch();
    renderWithProviders(<AuthImage src="/api/x.jpg" alt="Slide 1" />);
    expect(screen.getByText('Authentication token not found')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('translates the missing-token text', () => {
    window.localStorage.setItem('lang', 'zh-CN');
    stubImageFetch();
    renderWithProviders(<AuthImage src="/api/x.jpg" alt="Slide 1" />);
    expect(screen.getByText('未找到身份验证令牌')).toBeInTheDocument();
  });

  it('fetches again when the URL changes', async () => {
    window.localStorage.setItem('token', 'secret');
    const { requests, revoked } = stubImageFetch();
    const { rerender } = renderWithProviders(<AuthImage src="/api/x.jpg?v=1" alt="Slide 1" />);
    await screen.findByRole('img', { name: 'Slide 1' });
    rerender(<AuthImage src="/api/x.jpg?v=2" alt="Slide 1" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Slide 1' })).toHaveAttribute('src', 'blob:test/2'));
    expect(requests.map((request) => request.url)).toEqual(['/api/x.jpg?v=1', '/api/x.jpg?v=2']);
    expect(revoked).toEqual(['blob:test/1']);
  });
});
