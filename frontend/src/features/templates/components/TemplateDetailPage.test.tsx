import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOVER_DEBOUNCE_MS } from '@/components/media/SlidePreview';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { anElement, aSlide, aTemplate } from '../templateFixtures';
import { TemplateDetailPage } from './TemplateDetailPage';

const template = aTemplate();
const detailPath = `/api/pptx-files/${template._id}`;
const lockPath = `${detailPath}/slides/1/element-locked`;
const getDetail = { method: 'GET', path: detailPath, reply: { body: template } };

function renderPage() {
  return renderWithProviders(<TemplateDetailPage templateId={template._id} />);
}

describe('TemplateDetailPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each slide with its description and element table', async () => {
    mockApi([getDetail]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Quarterly.pptx', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('A quarterly business review deck')).toBeInTheDocument();
    const slide1 = screen.getByRole('region', { name: 'Slide 1' });
    expect(within(slide1).getByText('Title slide')).toBeInTheDocument();
    const table = within(slide1).getByRole('table', { name: 'Elements of slide 1' });
    expect(within(table).getByRole('row', { name: /Text Title Quarterly review/ })).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: 'Lock “Logo”' })).toBeChecked();
  });

  it('flips a lock at once and keeps it when the server agrees', async () => {
    const slide = aSlide({ elements: [anElement({ isLocked: true }), aSlide().elements[1]!] });
    const { calls } = mockApi([getDetail, { method: 'PUT', path: lockPath, reply: { body: slide } }]);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Lock “Title”' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ elementIndex: 0, isLocked: true }));
    expect(screen.getByRole('switch', { name: 'Lock “Title”' })).toBeChecked();
  });

  it('rolls a lock back and says why when the server refuses', async () => {
    let refuse: (response: Response) => void = () => undefined;
    mockApi([getDetail, { method: 'PUT', path: lockPath, reply: () => new Promise<never>((resolve) => (refuse = resolve as never)) }]);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Lock “Logo”' });
    await userEvent.click(toggle);
    // Optimistic: off before the server answered.
    expect(toggle).not.toBeChecked();
    await act(async () => refuse(new Response(JSON.stringify(apiErrorBody('forbidden')), { status: 403 })));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Lock “Logo”' })).toBeChecked());
    expect(await screen.findByText('Could not change the lock of “Logo”: You are not allowed to do this')).toBeInTheDocument();
  });

  it('highlights the outline of the element row under the pointer, and the row of a hovered outline', async () => {
    mockApi([getDetail]);
    renderPage();
    const slide1 = await screen.findByRole('region', { name: 'Slide 1' });
    vi.useFakeTimers();
    fireEvent.mouseEnter(within(slide1).getByRole('row', { name: /Logo/ }));
    act(() => vi.advanceTimersByTime(HOVER_DEBOUNCE_MS));
    expect(slide1.querySelector('[data-element-name="Logo"]')).toHaveAttribute('data-highlighted', 'true');
    fireEvent.mouseEnter(slide1.querySelector('[data-element-name="Title"]')!);
    act(() => vi.advanceTimersByTime(HOVER_DEBOUNCE_MS));
    expect(within(slide1).getByRole('row', { name: /Quarterly review/ })).toHaveClass('Mui-selected');
  });

  it('edits and saves a slide description', async () => {
    const { calls } = mockApi([
      getDetail,
      { method: 'PUT', path: `${detailPath}/slides/2/description`, reply: { body: { ...template.parsedSlides[1], description: 'The agenda' } } },
    ]);
    renderPage();
    const slide2 = await screen.findByRole('region', { name: 'Slide 2' });
    await userEvent.click(within(slide2).getByRole('button', { name: 'Edit Slide description' }));
    const field = within(slide2).getByRole('textbox', { name: 'Slide description' });
    await userEvent.clear(field);
    await userEvent.type(field, '  The agenda ');
    await userEvent.click(within(slide2).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ description: 'The agenda' });
    expect(within(slide2).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('explains that AI is not available yet when generating', async () => {
    // A server without the AI routes answers 404 not_found.
    mockApi([getDetail, { method: 'GET', path: `${detailPath}/generate-description`, reply: { status: 404, body: apiErrorBody('not_found') } }]);
    renderPage();
    await screen.findByRole('heading', { name: 'Quarterly.pptx', level: 1 });
    await userEvent.click(screen.getAllByRole('button', { name: 'Generate with AI' })[0]!);
    expect(await screen.findByText('AI features are not available yet. An administrator can set up an AI provider.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All Missing' })).toBeDisabled();
  });

  it('uploads a JPEG as a slide thumbnail and refuses other pictures', async () => {
    const { calls } = mockApi([getDetail, { method: 'POST', path: `${detailPath}/thumbnails/2`, reply: { body: template } }]);
    renderPage();
    const slide2 = await screen.findByRole('region', { name: 'Slide 2' });
    const input = within(slide2).getByLabelText('Upload JPEG', { selector: 'input' });
    await userEvent.upload(input, new File(['png'], 'slide.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByText('Only JPG/JPEG files are allowed.')).toBeInTheDocument();
    await userEvent.upload(input, new File(['jpeg'], 'slide.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Thumbnail of slide 2 uploaded')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('resets a thumbnail and follows the render job', async () => {
    const job = { _id: 'J9', kind: 'render', subjectId: template._id, status: 'queued', progress: 0, errorCode: null, errorMessage: null, result: null, createdAt: '', updatedAt: '' };
    mockApi([
      getDetail,
      { method: 'DELETE', path: `${detailPath}/thumbnails/1`, reply: { body: job } },
      { method: 'GET', path: '/api/jobs/J9', reply: { body: { ...job, status: 'succeeded', progress: 100 } } },
    ]);
    renderPage();
    const slide1 = await screen.findByRole('region', { name: 'Slide 1' });
    await userEvent.click(within(slide1).getByRole('button', { name: 'Reset thumbnail' }));
    expect(await screen.findByText('Thumbnail of slide 1 reset')).toBeInTheDocument();
  });

  it('is read-only for a template the user cannot edit', async () => {
    mockApi([{ method: 'GET', path: detailPath, reply: { body: { ...template, canEdit: false, public: true } } }]);
    renderPage();
    expect(await screen.findByText(/you can use it in your projects but not change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload JPEG' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Lock “Title”' })).toBeDisabled();
  });

  it('says File not found for a missing template', async () => {
    mockApi([{ method: 'GET', path: detailPath, reply: { status: 404, body: apiErrorBody('template_not_found') } }]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeInTheDocument();
  });

  it('says Error loading file for other failures', async () => {
    mockApi([{ method: 'GET', path: detailPath, reply: { status: 400, body: apiErrorBody('validation_error') } }]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error loading file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
