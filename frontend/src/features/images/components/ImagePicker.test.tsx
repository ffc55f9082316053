import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { anImage } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ImagePicker } from './ImagePicker';

describe('ImagePicker', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the clicked image as {_id, url, alt}', async () => {
    const picture = anImage();
    mockApi([
      { method: 'GET', path: '/api/images', reply: { body: [picture] } },
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
    ]);
    const onSelect = vi.fn();
    renderWithProviders(<ImagePicker open onClose={() => undefined} onSelect={onSelect} />);
    expect(screen.getByRole('dialog', { name: 'Choose an Image' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: `Select “${picture.alt}”` }));
    expect(onSelect).toHaveBeenCalledWith({ _id: picture._id, url: picture.url, alt: picture.alt });
    // The picker has no actions menu: it only picks.
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('searches by description and switches to public images', async () => {
    const { fetchMock } = mockApi([
      { method: 'GET', path: '/api/images', reply: { body: [] } },
      { method: 'GET', path: '/api/images/public', reply: { body: [anImage({ isPublic: true, canEdit: false })] } },
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
    ]);
    const requested = () => fetchMock.mock.calls.map(([input]) => new URL((input as Request).url)).map((url) => url.pathname + url.search);
    const onClose = vi.fn();
    renderWithProviders(<ImagePicker open onClose={onClose} onSelect={() => undefined} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by description or tag' }), '港口');
    await waitFor(() => expect(requested()).toContain(`/api/images?q=${encodeURIComponent('港口')}`));
    await userEvent.click(screen.getByRole('tab', { name: 'Public Images' }));
    await waitFor(() => expect(requested()).toContain(`/api/images/public?q=${encodeURIComponent('港口')}`));
    expect(await screen.findByRole('button', { name: /^Select/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
