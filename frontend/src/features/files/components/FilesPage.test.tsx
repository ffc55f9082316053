import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aFile, aFileDetail } from '../fileFixtures';
import { FilesPage } from './FilesPage';

const file = aFile();
const keynote = aFile({ _id: '01JFILE0000000000000000002', name: 'Pitch.key', type: 'key', size: 1234567, thumbnailPaths: [] });

describe('FilesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state', async () => {
    mockApi([{ method: 'GET', path: '/api/files', reply: { body: [] } }]);
    renderWithProviders(<FilesPage />);
    expect(await screen.findByText('No files uploaded yet. Upload your first file to get started!')).toBeInTheDocument();
  });

  it('shows name, type, size in bytes and upload time; thumbnail actions for pptx only', async () => {
    mockApi([{ method: 'GET', path: '/api/files', reply: { body: [file, keynote] } }]);
    renderWithProviders(<FilesPage />);
    expect(await screen.findByRole('link', { name: 'Board meeting.pptx' })).toHaveAttribute('href', `/files/${file._id}`);
    expect(screen.getByText('PowerPoint · 89,898 bytes · 2 slides')).toBeInTheDocument();
    expect(screen.getByText('Keynote · 1,234,567 bytes · 2 slides')).toBeInTheDocument();
    expect(screen.getAllByText(/^Uploaded .*2026/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Upload thumbnails for “Board meeting.pptx”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload thumbnails for “Pitch.key”' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use “Pitch.key” as a PPTX template' })).toBeInTheDocument();
  });

  it('says Error fetching files when the list fails', async () => {
    mockApi([{ method: 'GET', path: '/api/files', reply: { status: 500, body: apiErrorBody('internal_error') } }]);
    renderWithProviders(<FilesPage />);
    expect(await screen.findByText('Error fetching files')).toBeInTheDocument();
  });

  it('deletes a file after confirmation', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/files', reply: { body: [file] } },
      { method: 'DELETE', path: `/api/files/${file._id}`, reply: { status: 204 } },
    ]);
    renderWithProviders(<FilesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Board meeting.pptx”' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('clears thumbnails after confirmation, and reports a failure', async () => {
    mockApi([
      { method: 'GET', path: '/api/files', reply: { body: [file] } },
      { method: 'DELETE', path: `/api/files/${file._id}/thumbnails`, reply: { status: 500, body: apiErrorBody('internal_error') } },
    ]);
    renderWithProviders(<FilesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear the thumbnails of “Board meeting.pptx”' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Clear thumbnails?' })).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Error clearing thumbnails')).toBeInTheDocument();
  });

  it('uploads several thumbnails, or one for a given slide', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/files', reply: { body: [file] } },
      { method: 'POST', path: `/api/files/${file._id}/thumbnails`, reply: { body: aFileDetail() } },
    ]);
    renderWithProviders(<FilesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload thumbnails for “Board meeting.pptx”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload thumbnails' });
    const images = [new File(['a'], '1.png', { type: 'image/png' }), new File(['b'], '2.png', { type: 'image/png' })];
    await userEvent.upload(within(dialog).getByLabelText('Choose images'), images);
    await userEvent.type(within(dialog).getByLabelText('Slide number (optional)'), '2');
    expect(within(dialog).getByText('Choose a single image when you give a slide number.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Slide number (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Thumbnails uploaded successfully')).toBeInTheDocument();
    const form = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(form.getAll('thumbnails')).toHaveLength(2);
    expect(form.get('index')).toBeNull();
  });
});
