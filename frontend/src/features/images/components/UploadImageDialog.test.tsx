import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadForm } from '@/api/upload';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { anImage, aTag } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { UploadImageDialog } from './UploadImageDialog';

vi.mock('@/api/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);
const png = () => new File(['png'], 'team.png', { type: 'image/png' });

describe('UploadImageDialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // jsdom has no object URLs; the local preview only needs a string.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    upload.mockReset();
  });

  it('refuses a file that is not a JPEG, PNG, GIF or WebP before sending it', async () => {
    mockApi([{ method: 'GET', path: '/api/tags', reply: { body: [] } }]);
    renderWithProviders(<UploadImageDialog open onClose={() => undefined} />);
    await userEvent.upload(screen.getByLabelText('Choose File'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(screen.getByText('Only JPEG, PNG, GIF or WebP images can be uploaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends the picture, its description and tags, with a progress bar', async () => {
    mockApi([{ method: 'GET', path: '/api/tags', reply: { body: [aTag()] } }]);
    let finish: (value: unknown) => void = () => undefined;
    upload.mockImplementation((_path, _form, options) => {
      options?.onProgress?.(0.42);
      return new Promise((resolve) => (finish = resolve));
    });
    const onClose = vi.fn();
    renderWithProviders(<UploadImageDialog open onClose={onClose} />);
    await userEvent.upload(screen.getByLabelText('Choose File'), png());
    expect(screen.getByText('team.png')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description (alt text)' }), 'The sales team');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading… 42%' })).toHaveAttribute('aria-valuenow', '42');
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/api/images');
    expect((form.get('image') as File).name).toBe('team.png');
    expect(form.get('alt')).toBe('The sales team');
    expect(form.getAll('tagIds')).toEqual([aTag()._id]);
    finish(anImage());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
  });

  it('with AI description on, keeps the upload and explains when AI is unavailable', async () => {
    const image = anImage({ alt: 'team.png' });
    mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
      { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'S', version: '1', aiProvider: 'openai_compat', aiCanDescribeImages: true, aiCanGenerateImages: false } } },
      { method: 'POST', path: `/api/images/${image._id}/describe`, reply: { status: 503, body: apiErrorBody('ai_unavailable') } },
    ]);
    upload.mockResolvedValue(image);
    const onClose = vi.fn();
    renderWithProviders(<UploadImageDialog open onClose={onClose} />);
    await userEvent.upload(screen.getByLabelText('Choose File'), png());
    await userEvent.click(await screen.findByRole('switch', { name: 'Generate AI description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Image uploaded, but failed to generate description: AI is not available on this server yet. Ask your administrator to connect an AI provider.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('hides the AI description switch when the server has no model that sees pictures', async () => {
    mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
      { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'S', version: '1', aiProvider: 'offline', aiCanDescribeImages: false, aiCanGenerateImages: false } } },
    ]);
    const { queryClient } = renderWithProviders(<UploadImageDialog open onClose={() => undefined} />);
    // Only once the server's answer is in: before it, the switch is hidden anyway.
    await waitFor(() => expect(queryClient.getQueryState(['app', 'config'])?.status).toBe('success'));
    expect(screen.queryByRole('switch', { name: 'Generate AI description' })).not.toBeInTheDocument();
  });

  it('shows a refused upload in the dialog, translated', async () => {
    mockApi([{ method: 'GET', path: '/api/tags', reply: { body: [] } }]);
    const { ApiError } = await import('@/api/errors');
    upload.mockRejectedValue(new ApiError(400, 'invalid_image', 'server text'));
    renderWithProviders(<UploadImageDialog open onClose={() => undefined} />);
    await userEvent.upload(screen.getByLabelText('Choose File'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to upload image: This image is damaged or not a JPEG, PNG, GIF or WebP picture.')).toBeInTheDocument();
  });
});
