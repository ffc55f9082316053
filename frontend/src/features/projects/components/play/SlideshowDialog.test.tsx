import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import type { ProjectPreviews } from '../../api/previews';
import { aProject, aSlide, aTemplate } from '../../editor/testData';
import { SlideshowDialog } from './SlideshowDialog';

const HASH = 'a'.repeat(64);
const project = aProject([
  aSlide('s1', { pptxSlideNumber: 1, notes: 'Open with the win', formData: { Title: 'Record quarter', Subtitle: 'locked: the template’s' } }),
  aSlide('s2'),
  aSlide('s3', { pptxSlideNumber: 2 }),
]);
const previewsPath = `/api/projects/${project._id}/previews`;

function previews(third: Partial<ProjectPreviews['slides'][number]> = {}): ProjectPreviews {
  return {
    projectId: project._id,
    version: 1,
    pending: third.status === 'pending' ? 1 : 0,
    slides: [
      { slideId: 's1', status: 'ready', hash: HASH, url: `${previewsPath}/${HASH}.jpg`, errorCode: null, errorMessage: null },
      { slideId: 's2', status: 'none', hash: null, url: null, errorCode: null, errorMessage: null },
      { slideId: 's3', status: 'ready', hash: HASH, url: `${previewsPath}/${HASH}.jpg`, errorCode: null, errorMessage: null, ...third },
    ],
  };
}

function serve(body: ProjectPreviews = previews()) {
  return mockApi([
    { method: 'GET', path: '/api/users/me', reply: { body: aUser } },
    { method: 'GET', path: `/api/projects/${project._id}`, reply: { body: project } },
    { method: 'GET', path: `/api/pptx-files/${project.pptxFileId}`, reply: { body: aTemplate() } },
    { method: 'GET', path: previewsPath, reply: { body } },
    { method: 'GET', path: `${previewsPath}/${HASH}.jpg`, reply: async () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' })) },
  ]);
}

/** The show opened from a Play button, as the pages do. */
function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Play</Button>
      <SlideshowDialog
        project={open ? project : null}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

async function play() {
  await userEvent.click(screen.getByRole('button', { name: 'Play' }));
  const show = await screen.findByRole('dialog');
  await within(show).findByText('1 / 3');
  return show;
}

describe('SlideshowDialog', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'a-token');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:slide');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('steps with the arrow, page and space keys, and jumps with Home and End', async () => {
    serve();
    renderWithProviders(<Harness />);
    const show = await play();
    const counter = () => within(show).getByText(/^\d \/ 3$/).textContent;
    await userEvent.keyboard('{ArrowRight}');
    expect(counter()).toBe('2 / 3');
    expect(within(show).getByText('No template slide chosen for this slide yet')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    expect(counter()).toBe('3 / 3');
    await userEvent.keyboard('{ArrowRight}'); // the last slide stays
    expect(counter()).toBe('3 / 3');
    await userEvent.keyboard('{Home}');
    expect(counter()).toBe('1 / 3');
    await userEvent.keyboard('{ArrowLeft}'); // the first slide stays
    expect(counter()).toBe('1 / 3');
    await userEvent.keyboard('{End}');
    expect(counter()).toBe('3 / 3');
    await userEvent.keyboard('{PageUp}');
    expect(counter()).toBe('2 / 3');
    await userEvent.keyboard('{PageDown}');
    expect(counter()).toBe('3 / 3');
  });

  it('toggles the speaker notes with N and with the button', async () => {
    serve();
    renderWithProviders(<Harness />);
    const show = await play();
    expect(within(show).queryByRole('region', { name: 'Speaker notes' })).not.toBeInTheDocument();
    await userEvent.keyboard('n');
    expect(within(show).getByRole('region', { name: 'Speaker notes' })).toHaveTextContent('Open with the win');
    await userEvent.keyboard('{End}');
    expect(within(show).getByRole('region', { name: 'Speaker notes' })).toHaveTextContent('No speaker notes for this slide.');
    await userEvent.keyboard('N');
    expect(within(show).queryByRole('region', { name: 'Speaker notes' })).not.toBeInTheDocument();
    await userEvent.click(within(show).getByRole('button', { name: 'Show speaker notes (N)' }));
    expect(within(show).getByRole('button', { name: 'Hide speaker notes (N)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the saved slides as rendered, never the template thumbnails', async () => {
    const { calls } = serve();
    renderWithProviders(<Harness />);
    await play();
    await waitFor(() => expect(calls.some((call) => call.path === `${previewsPath}/${HASH}.jpg`)).toBe(true));
    expect(calls.some((call) => call.path.startsWith('/api/files/thumbnails'))).toBe(false);
  });

  it('names each slide by the text the user wrote on it', async () => {
    serve();
    renderWithProviders(<Harness />);
    const show = await play();
    expect(await within(show).findByRole('img', { name: 'Quarterly review, slide 1: Record quarter' })).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(within(show).getByRole('img', { name: 'Quarterly review, slide 3' })).toBeInTheDocument();
  });

  it('says when a slide is still being drawn or could not be drawn', async () => {
    serve(previews({ status: 'failed', errorCode: 'render_timeout', errorMessage: 'Rendering took too long' }));
    renderWithProviders(<Harness />);
    const show = await play();
    await userEvent.keyboard('{End}');
    expect(await within(show).findByLabelText('This slide could not be drawn: drawing it took too long.')).toBeInTheDocument();
  });

  it('closes with Escape and gives the focus back to Play', async () => {
    serve(previews({ status: 'pending', hash: null, url: null }));
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    const show = await play();
    await userEvent.keyboard('{End}');
    expect(within(show).getByRole('status', { name: 'Updating the slide preview…' })).toBeInTheDocument();
    expect(within(show).getByText('Drawing this slide…')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus();
  });
});
