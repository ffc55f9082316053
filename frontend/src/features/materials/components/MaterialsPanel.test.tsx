import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadForm } from '@/api/upload';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { aMaterial } from '@/testing/fixtures';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { MaterialsPage } from './MaterialsPage';
import { MaterialsPanel } from './MaterialsPanel';

vi.mock('@/api/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const plan = aMaterial();
const notes = aMaterial({ _id: '01JMAT000000000000000000002', enabled: false, fileMeta: { filename: 'Notes', type: 'text', size: 20, parsedText: 'x' } });

describe('MaterialsPanel', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    upload.mockReset();
  });

  it('lists the library; a row opens the material; no project-only controls', async () => {
    mockApi([{ method: 'GET', path: '/api/materials', reply: { body: [plan, notes] } }]);
    renderWithProviders(<MaterialsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Materials' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Materials' });
    expect(within(list).getByRole('link', { name: /市场营销计划\.docx/ })).toHaveAttribute('href', `/materials/${plan._id}`);
    expect(within(list).getByText('Word document')).toBeInTheDocument();
    expect(within(list).getByText('36.2 KB')).toBeInTheDocument();
    expect(within(list).getByText('Disabled')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Materials' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi([{ method: 'GET', path: '/api/materials', reply: { body: [] } }]);
    renderWithProviders(<MaterialsPanel />);
    expect(await screen.findByText('No materials yet. Upload a document or create a text to get started.')).toBeInTheDocument();
  });

  it('in a project, uses its endpoints, toggles enabled per material and links library materials', async () => {
    const inProject = { ...plan, _id: '01JMATPROJECT0000000000001', projectId: 'p1' };
    const { calls } = mockApi([
      { method: 'GET', path: '/api/projects/p1/materials', reply: { body: [inProject] } },
      { method: 'POST', path: `/api/projects/p1/materials/${inProject._id}/toggle-enabled`, reply: { body: { ...inProject, enabled: false } } },
      { method: 'GET', path: '/api/materials', reply: { body: [plan, notes] } },
      { method: 'POST', path: '/api/projects/p1/materials/associate', reply: { body: [] } },
    ]);
    renderWithProviders(<MaterialsPanel projectId="p1" />);
    const list = await screen.findByRole('list', { name: 'Materials' });
    expect(within(list).getByRole('link')).toHaveAttribute('href', `/projects/p1/materials/${inProject._id}`);
    await userEvent.click(within(list).getByRole('switch', { name: 'Enable “市场营销计划.docx”' }));
    expect(await screen.findByText('Material disabled')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Link Materials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Materials' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Notes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Materials linked')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/associate'))?.body).toEqual({ materialIds: [notes._id] });
  });

  it('marks library materials already in the project as linked, ticked and disabled', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/projects/p1/materials', reply: { body: [plan] } },
      { method: 'GET', path: '/api/materials', reply: { body: [plan, notes] } },
      { method: 'POST', path: '/api/projects/p1/materials/associate', reply: { body: { linked: [notes._id], skipped: [] } } },
    ]);
    renderWithProviders(<MaterialsPanel projectId="p1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Link Materials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Materials' });
    const already = await within(dialog).findByRole('checkbox', { name: '市场营销计划.docx' });
    expect(already).toBeChecked();
    expect(already).toBeDisabled();
    expect(already).toHaveAccessibleDescription('Already in this project');
    const other = within(dialog).getByRole('checkbox', { name: 'Notes' });
    expect(other).not.toBeChecked();
    expect(other).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
    await userEvent.click(other);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Materials linked')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/associate'))?.body).toEqual({ materialIds: [notes._id] });
  });

  it('says so when every library material is already in the project', async () => {
    mockApi([
      { method: 'GET', path: '/api/projects/p1/materials', reply: { body: [plan] } },
      { method: 'GET', path: '/api/materials', reply: { body: [plan] } },
    ]);
    renderWithProviders(<MaterialsPanel projectId="p1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Link Materials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Materials' });
    expect(await within(dialog).findByText('Every material in your library is already in this project.')).toBeInTheDocument();
  });

  it('requires both a file name and content for a text material', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/materials', reply: { body: [] } },
      { method: 'POST', path: '/api/materials/text', reply: { status: 201, body: notes } },
    ]);
    renderWithProviders(<MaterialsPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Text Material' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('File name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'File name' }), { target: { value: ' 客户访谈 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Content' }), { target: { value: '产品定位清晰。' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Material created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ filename: '客户访谈', content: '产品定位清晰。' });
  });

  it('uploads one .txt, .md or .docx file and maps server refusals', async () => {
    mockApi([{ method: 'GET', path: '/api/materials', reply: { body: [] } }]);
    const { ApiError } = await import('@/api/errors');
    upload.mockRejectedValueOnce(new ApiError(400, 'invalid_docx', 'server text')).mockResolvedValueOnce(plan);
    renderWithProviders(<MaterialsPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Material' });
    const input = within(dialog).getByLabelText('Choose File');
    await userEvent.upload(input, new File(['%PDF'], 'slides.pdf'), { applyAccept: false });
    expect(within(dialog).getByText('Only .txt, .md and .docx files can be uploaded.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await userEvent.upload(input, new File(['PK'], '计划.docx'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Failed to upload material: This file is not a Word document that can be read.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Material uploaded')).toBeInTheDocument();
    const [path, form] = upload.mock.calls[1]!;
    expect(path).toBe('/api/materials');
    expect((form.get('file') as File).name).toBe('计划.docx');
  });

  it('deletes after confirmation', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/materials', reply: { body: [plan] } },
      { method: 'DELETE', path: `/api/materials/${plan._id}`, reply: { status: 204 } },
    ]);
    renderWithProviders(<MaterialsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “市场营销计划.docx”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete material?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Material deleted')).toBeInTheDocument();
  });

  it('sends a search to /materials/search?q=', async () => {
    mockApi([
      { method: 'GET', path: '/api/materials', reply: { body: [] } },
      { method: 'POST', path: '/api/materials/search', reply: { status: 500, body: apiErrorBody('internal_error') } },
    ]);
    const { router } = renderRoutes(
      [
        { path: '/materials', element: <MaterialsPanel /> },
        { path: '/materials/search', element: <p>results page</p> },
      ],
      '/materials',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search materials' }), '市场{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/materials/search'));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('市场')}`);
  });
});
