import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { aFileDetail } from '../fileFixtures';
import { FileDetailPage } from './FileDetailPage';

const file = aFileDetail();
const detailRoute = { method: 'GET', path: `/api/files/${file._id}`, reply: { body: file } };

describe('FileDetailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows type, size, upload time and each slide with its templates', async () => {
    mockApi([detailRoute]);
    renderWithProviders(<FileDetailPage fileId={file._id} />);
    expect(await screen.findByRole('heading', { name: 'Board meeting.pptx', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('PowerPoint')).toBeInTheDocument();
    expect(screen.getByText('89,898 bytes')).toBeInTheDocument();
    const slide2 = screen.getByRole('region', { name: 'Slide 2' });
    expect(within(slide2).getByText('Agenda · Custom')).toBeInTheDocument();
    expect(within(slide2).getByText('No thumbnail')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Slide 1' })).getByText('None yet')).toBeInTheDocument();
  });

  it('says File not found for a missing file', async () => {
    mockApi([{ method: 'GET', path: `/api/files/${file._id}`, reply: { status: 404, body: apiErrorBody('file_not_found') } }]);
    renderWithProviders(<FileDetailPage fileId={file._id} />);
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeInTheDocument();
  });

  it('creates a template from a slide with the Custom type by default', async () => {
    const { calls } = mockApi([
      detailRoute,
      { method: 'POST', path: '/api/templates', reply: { status: 201, body: { ...file.slides[1]!.templates[0], _id: 'NEW', name: 'Intro', sourceIndex: 1 } } },
    ]);
    renderWithProviders(<FileDetailPage fileId={file._id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a template from slide 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create template from slide 1' });
    expect(within(dialog).getByLabelText('Type')).toHaveValue('Custom');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Template name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Intro ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Template “Intro” created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Intro',
      description: '',
      type: 'Custom',
      sourceFileId: file._id,
      sourceIndex: 1,
    });
  });

  it('uploads a thumbnail for one slide with its index', async () => {
    const { calls } = mockApi([detailRoute, { method: 'POST', path: `/api/files/${file._id}/thumbnails`, reply: { body: file } }]);
    renderWithProviders(<FileDetailPage fileId={file._id} />);
    await userEvent.upload(await screen.findByLabelText('Upload a thumbnail for slide 2', { selector: 'input' }), new File(['x'], 's2.png', { type: 'image/png' }));
    expect(await screen.findByText('Thumbnails uploaded successfully')).toBeInTheDocument();
    expect((calls.find((call) => call.method === 'POST')?.body as FormData).get('index')).toBe('2');
  });

  it('turns the file into a PPTX template and opens it', async () => {
    mockApi([detailRoute, { method: 'POST', path: `/api/files/${file._id}/use-as-template`, reply: { status: 201, body: { pptxFileId: 'PPTX1' } } }]);
    const { router } = renderRoutes(
      [
        { path: '/files/:fileId', element: <FileDetailPage fileId={file._id} /> },
        { path: '/pptx-files/:id', element: null },
      ],
      `/files/${file._id}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use as PPTX template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pptx-files/PPTX1'));
  });
});
