import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aTemplate } from '../templateFixtures';
import { BulkThumbnailDialog } from './BulkThumbnailDialog';

const template = aTemplate({ slideCount: 3 });
// The content repeats the name: jsdom's multipart encoding drops file names.
const jpeg = (name: string) => new File([name], name, { type: 'image/jpeg' });

function renderDialog() {
  renderWithProviders(<BulkThumbnailDialog open template={template} onClose={vi.fn()} onShowHelp={vi.fn()} />);
  return screen.getByRole('dialog', { name: 'Upload thumbnails' });
}

async function choose(dialog: HTMLElement, files: File[]) {
  await userEvent.upload(within(dialog).getByLabelText('Choose JPG files'), files);
}

describe('BulkThumbnailDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the files that are not JPEGs', async () => {
    mockApi([]);
    const dialog = renderDialog();
    await userEvent.upload(within(dialog).getByLabelText('Choose JPG files'), [jpeg('1.jpg'), new File(['x'], 'logo.png', { type: 'image/png' })], {
      applyAccept: false,
    });
    expect(within(dialog).getByText('Invalid file type(s). Only JPG/JPEG files are allowed. Invalid files: logo.png')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('refuses more files than slides', async () => {
    mockApi([]);
    const dialog = renderDialog();
    await choose(dialog, ['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map(jpeg));
    expect(within(dialog).getByText('Too many files selected. Expected 3 files.')).toBeInTheDocument();
  });

  it('refuses fewer files than slides', async () => {
    mockApi([]);
    const dialog = renderDialog();
    await choose(dialog, [jpeg('1.jpg')]);
    expect(within(dialog).getByText('Number of files (1) does not match the number of slides (3)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uploads one file per slide, one by one, in natural name order', async () => {
    const path = (n: number) => `/api/pptx-files/${template._id}/thumbnails/${n}`;
    const { calls } = mockApi([1, 2, 3].map((n) => ({ method: 'POST', path: path(n), reply: { body: template } })).concat([
      { method: 'GET', path: `/api/pptx-files/${template._id}`, reply: { body: template } },
    ]));
    const dialog = renderDialog();
    await choose(dialog, ['10.jpg', '9.jpg', '2.jpg'].map(jpeg));
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Slide 12.jpg', 'Slide 29.jpg', 'Slide 310.jpg']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Thumbnails uploaded successfully')).toBeInTheDocument();
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => call.path)).toEqual([path(1), path(2), path(3)]);
    const sent = await Promise.all(uploads.map((call) => ((call.body as FormData).get('thumbnail') as Blob).text()));
    expect(sent).toEqual(['2.jpg', '9.jpg', '10.jpg']);
  });

  it('stops at a failed upload and says so', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: `/api/pptx-files/${template._id}/thumbnails/1`, reply: { body: template } },
      { method: 'POST', path: `/api/pptx-files/${template._id}/thumbnails/2`, reply: { status: 500, body: { errorCode: 'internal_error' } } },
    ]);
    const dialog = renderDialog();
    await choose(dialog, ['1.jpg', '2.jpg', '3.jpg'].map(jpeg));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to upload thumbnails. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Upload thumbnails' })).toBeInTheDocument();
  });
});
