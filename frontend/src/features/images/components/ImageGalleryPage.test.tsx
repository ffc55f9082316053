import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { anImage, aTag } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ImageGalleryPage } from './ImageGalleryPage';

const harbour = anImage({ tagIds: [aTag()._id] });
const tags = { method: 'GET', path: '/api/tags', reply: { body: [aTag()] } };
const mine = (images: unknown[]) => ({ method: 'GET', path: '/api/images', reply: { body: images } });
const aiUnavailable = { status: 503, body: apiErrorBody('ai_unavailable', 'server text') };

async function openMenuOf(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `More actions for “${name}”` }));
  return screen.findByRole('menu');
}

const offlineConfig = {
  method: 'GET',
  path: '/api/app/config',
  reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: 'offline', aiCanDescribeImages: false, aiCanGenerateImages: false } },
};
const visionConfig = {
  ...offlineConfig,
  reply: { body: { ...offlineConfig.reply.body, aiProvider: 'openai_compat', aiCanDescribeImages: true } },
};

describe('ImageGalleryPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec empty state with an upload button', async () => {
    mockApi([mine([]), tags]);
    renderWithProviders(<ImageGalleryPage />);
    expect(await screen.findByText('No images yet. Upload your first image!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload Image' })).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'My Images', selected: true })).toBeInTheDocument();
  });

  it('shows own images in the masonry with their tag names', async () => {
    mockApi([mine([harbour, anImage({ _id: '01JIMG000000000000000000002', alt: 'Team photo' })]), tags]);
    renderWithProviders(<ImageGalleryPage />);
    const grid = await screen.findByRole('list', { name: 'Images' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(within(grid).getByText('Finance')).toBeInTheDocument();
  });

  it('makes an image public after confirmation and says so', async () => {
    const { calls } = mockApi([
      mine([harbour]),
      tags,
      { method: 'PUT', path: `/api/images/${harbour._id}/make-public`, reply: { body: anImage({ _id: '01JIMGCOPY', isPublic: true, canEdit: false }) } },
    ]);
    renderWithProviders(<ImageGalleryPage />);
    const menu = await openMenuOf(harbour.alt);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Make Public',
      'Generate AI description',
      'Copy description',
      'Delete',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Make Public' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this image public?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Public' }));
    expect(await screen.findByText('Image successfully made public.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('gives the reason when making public fails', async () => {
    mockApi([
      mine([harbour]),
      tags,
      { method: 'PUT', path: `/api/images/${harbour._id}/make-public`, reply: { status: 409, body: apiErrorBody('already_public') } },
    ]);
    renderWithProviders(<ImageGalleryPage />);
    await userEvent.click(within(await openMenuOf(harbour.alt)).getByRole('menuitem', { name: 'Make Public' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make Public' }));
    expect(await screen.findByText('Failed to make image public: This image is already public.')).toBeInTheDocument();
  });

  it('disables Make Public once the image has a public copy', async () => {
    mockApi([mine([{ ...harbour, publicCopyId: '01JIMGCOPY' }]), tags]);
    renderWithProviders(<ImageGalleryPage />);
    expect(await screen.findByText('Public copy shared')).toBeInTheDocument();
    const menu = await openMenuOf(harbour.alt);
    expect(within(menu).getByRole('menuitem', { name: /Make Public/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('deletes only after confirmation', async () => {
    const { calls } = mockApi([mine([harbour]), tags, { method: 'DELETE', path: `/api/images/${harbour._id}`, reply: { status: 204 } }]);
    renderWithProviders(<ImageGalleryPage />);
    await userEvent.click(within(await openMenuOf(harbour.alt)).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete image?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image deleted')).toBeInTheDocument();
  });

  it('opens the menu on right-click too; public images only offer Copy description', async () => {
    const copy = anImage({ _id: '01JIMGPUBLIC', isPublic: true, canEdit: false, alt: 'Shared chart' });
    mockApi([mine([]), tags, { method: 'GET', path: '/api/images/public', reply: { body: [copy] } }]);
    const user = userEvent.setup();
    renderWithProviders(<ImageGalleryPage />);
    await user.click(await screen.findByRole('tab', { name: 'Public Images' }));
    const card = await screen.findByRole('button', { name: 'Open “Shared chart”' });
    expect(screen.queryByRole('button', { name: 'More actions for “Shared chart”' })).toBeInTheDocument();
    fireEvent.contextMenu(card);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Copy description']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy description' }));
    expect(await screen.findByText('Description copied to the clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('Shared chart');
  });

  it('shows a public image read-only in the viewer', async () => {
    const copy = anImage({ _id: '01JIMGPUBLIC', isPublic: true, canEdit: false, alt: 'Shared chart' });
    mockApi([mine([]), tags, { method: 'GET', path: '/api/images/public', reply: { body: [copy] } }]);
    renderWithProviders(<ImageGalleryPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Public Images' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open “Shared chart”' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image “Shared chart”' });
    expect(within(viewer).getByText('Public images are read-only.')).toBeInTheDocument();
    expect(within(viewer).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('asks for a better description while it is the file name, and reports that AI is unavailable', async () => {
    const unnamed = anImage({ alt: 'harbour.png' });
    // A vision model is configured but fails: the button is offered, and the failure explained.
    mockApi([mine([unnamed]), tags, visionConfig, { method: 'POST', path: `/api/images/${unnamed._id}/describe`, reply: aiUnavailable }]);
    renderWithProviders(<ImageGalleryPage />);
    expect(await screen.findByText('Needs a better description')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open “harbour.png”' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('Please provide a more descriptive text to help AI understand the image content and use')).toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Generate Description' }));
    expect(
      await screen.findByText('Failed to generate description: AI is not available on this server yet. Ask your administrator to connect an AI provider.'),
    ).toBeInTheDocument();
    // A real description clears the error and its button.
    fireEvent.change(within(viewer).getByRole('textbox', { name: 'Description' }), { target: { value: 'The harbour in the evening' } });
    expect(within(viewer).queryByRole('button', { name: 'Generate Description' })).not.toBeInTheDocument();
  });

  it('offers neither Generate Image nor Generate Description when the AI cannot do them, and says how to enable them', async () => {
    const unnamed = anImage({ alt: 'harbour.png' });
    mockApi([mine([unnamed]), tags, offlineConfig]);
    renderWithProviders(<ImageGalleryPage />);
    const generate = await screen.findByRole('button', { name: 'Generate Image' });
    expect(generate).toBeDisabled();
    await userEvent.hover(generate.parentElement!);
    expect(await screen.findByText(/set SLIDEWRIGHT_AI_IMAGE_MODEL/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open “harbour.png”' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('button', { name: 'Generate Description' })).toBeDisabled();
  });

  it('saves an edited description and reports success or failure', async () => {
    let fail = false;
    const { calls } = mockApi([
      mine([harbour]),
      tags,
      {
        method: 'PUT',
        path: `/api/images/${harbour._id}/alt`,
        reply: () => Promise.resolve(fail ? new Response('{}', { status: 500 }) : Response.json({ ...harbour, alt: 'Ships at dawn' })),
      },
    ]);
    renderWithProviders(<ImageGalleryPage />);
    await userEvent.click(await screen.findByRole('button', { name: `Open “${harbour.alt}”` }));
    const field = within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Description' });
    fireEvent.change(field, { target: { value: 'Ships at dawn' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Description' }));
    expect(await screen.findByText('Description updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ alt: 'Ships at dawn' });
    fail = true;
    fireEvent.change(field, { target: { value: 'Ships at dawn!' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Description' }));
    expect(await screen.findByText('Failed to update description')).toBeInTheDocument();
  });
});
