import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DocumentViewer } from './DocumentViewer';

function serveMarkdown(status: number, text: string) {
  const fetchMock = vi.fn(async () => new Response(text, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DocumentViewer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the markdown document with Back to Home', async () => {
    const fetchMock = serveMarkdown(200, '# Manual\n\n## Getting started\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    renderWithProviders(<DocumentViewer docType="user-manual-en" />);
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toHaveAttribute('id', 'getting-started');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(fetchMock).toHaveBeenCalledWith('/docs/user-manual-en.md', expect.anything());
  });

  it('blanks links with disallowed schemes and strips raw HTML', async () => {
    serveMarkdown(200, '[safe](https://example.com) [bad](javascript:alert(1)) <script>alert(1)</script>');
    renderWithProviders(<DocumentViewer docType="guide" />);
    expect(await screen.findByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.getByText('bad').getAttribute('href') ?? '').toBe('');
    expect(document.querySelector('script')).toBeNull();
  });

  it('says the document failed to load on 404', async () => {
    serveMarkdown(404, '{"errorCode":"not_found"}');
    renderWithProviders(<DocumentViewer docType="missing" />);
    expect(await screen.findByText('Failed to load document')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
  });

  it('does not request names outside the docs folder', async () => {
    const fetchMock = serveMarkdown(200, 'secret');
    renderWithProviders(<DocumentViewer docType="..%2Fsecret" />);
    expect(await screen.findByText('Failed to load document')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
