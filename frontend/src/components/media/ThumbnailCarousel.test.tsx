import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { stepIndex } from './carousel';
import { ThumbnailCarousel } from './ThumbnailCarousel';
import { stubImageFetch } from './testImages';

const urls = ['/api/t/1.jpg', '/api/t/2.jpg', '/api/t/3.jpg'];

describe('stepIndex', () => {
  it('wraps around both ends', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});

describe('ThumbnailCarousel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('steps through the slides with wrap-around and counts them', async () => {
    window.localStorage.setItem('token', 'secret');
    stubImageFetch();
    renderWithProviders(<ThumbnailCarousel urls={urls} label="Deck" />);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Deck, slide 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('fetches a slide when first shown and keeps it', async () => {
    window.localStorage.setItem('token', 'secret');
    const { requests } = stubImageFetch();
    renderWithProviders(<ThumbnailCarousel urls={urls} label="Deck" />);
    await screen.findByRole('img', { name: 'Deck, slide 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(requests.map((request) => request.url)).toEqual(['/api/t/1.jpg', '/api/t/2.jpg']);
  });

  it('does not let arrow clicks reach a clickable card around it', async () => {
    stubImageFetch();
    const onCardClick = vi.fn();
    renderWithProviders(
      <div onClick={onCardClick}>
        <ThumbnailCarousel urls={urls} label="Deck" />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it('shows a placeholder for a slide that fails to load', async () => {
    window.localStorage.setItem('token', 'secret');
    stubImageFetch((url) => (url.endsWith('2.jpg') ? 404 : 200));
    renderWithProviders(<ThumbnailCarousel urls={urls} label="Deck" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const placeholder = await screen.findByRole('img', { name: 'Deck, slide 2' });
    expect(placeholder.tagName).toBe('DIV');
  });

  it('has no arrows for a single slide and a placeholder for none', () => {
    stubImageFetch();
    const { rerender } = renderWithProviders(<ThumbnailCarousel urls={['/api/t/1.jpg']} label="Deck" />);
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    rerender(<ThumbnailCarousel urls={[]} label="Deck" />);
    expect(screen.getByText('No thumbnails yet')).toBeInTheDocument();
  });
});
