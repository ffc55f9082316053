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

/** A JSON answer, for routes whose reply changes during a test. */
function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

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

  it('explains that AI is not available when generating', async () => {
    // A server without the AI routes answers 404 not_found.
    mockApi([getDetail, { method: 'GET', path: `${detailPath}/generate-description`, reply: { status: 404, body: apiErrorBody('not_found') } }]);
    renderPage();
    await screen.findByRole('heading', { name: 'Quarterly.pptx', level: 1 });
    await userEvent.click(screen.getAllByRole('button', { name: 'Generate with AI' })[0]!);
    expect(await screen.findByText('AI features are not available yet. An administrator can set up an AI provider.')).toBeInTheDocument();
  });

  it('opens the editor with a generated file description, names the offline assistant and saves it', async () => {
    const { calls } = mockApi([
      getDetail,
      { method: 'GET', path: `${detailPath}/generate-description`, reply: { body: { description: 'A 2-slide review deck.', provider: 'offline' } } },
      { method: 'PUT', path: detailPath, reply: { body: { ...template, description: 'A 2-slide review deck.' } } },
    ]);
    renderPage();
    await screen.findByRole('heading', { name: 'Quarterly.pptx', level: 1 });
    await userEvent.click(screen.getAllByRole('button', { name: 'Generate with AI' })[0]!);
    expect(await screen.findByRole('textbox', { name: 'File description' })).toHaveValue('A 2-slide review deck.');
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'GET' && call.path.endsWith('/generate-description'))).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ description: 'A 2-slide review deck.' });
  });

  it('generates one slide’s description in the interface language for review before saving', async () => {
    const slidePath = `${detailPath}/slides/2`;
    const { calls, fetchMock } = mockApi([
      getDetail,
      { method: 'GET', path: `${slidePath}/generate-description`, reply: { body: { slideNumber: 2, description: 'Agenda slide: a list of topics.', provider: 'openai_compat' } } },
      { method: 'PUT', path: `${slidePath}/description`, reply: { body: { ...template.parsedSlides[1], description: 'Agenda slide: a list of topics.' } } },
    ]);
    renderPage();
    const slide2 = await screen.findByRole('region', { name: 'Slide 2' });
    await userEvent.click(within(slide2).getByRole('button', { name: 'Generate with AI' }));
    expect(await within(slide2).findByRole('textbox', { name: 'Slide description' })).toHaveValue('Agenda slide: a list of topics.');
    expect(within(slide2).getByText('Suggested by the AI model')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    const generateUrl = new URL((fetchMock.mock.calls.find(([request]) => String((request as Request).url).includes('generate'))![0] as Request).url);
    expect(generateUrl.searchParams.get('lang')).toBe('en');
    await userEvent.click(within(slide2).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ description: 'Agenda slide: a list of topics.' }));
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
    expect(screen.queryByRole('button', { name: 'Generate All Missing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate with AI' })).not.toBeInTheDocument();
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

  describe('Generate All Missing', () => {
    // Both slides lack a description; the job describes them.
    const undescribed = aTemplate({
      slidesMissingDescription: [1, 2],
      parsedSlides: template.parsedSlides.map((slide) => ({ ...slide, description: '' })),
    });
    const job = { _id: 'J7', kind: 'ai.describe_missing_slides', subjectId: template._id, status: 'queued', progress: 0, errorCode: null, errorMessage: null, result: null, createdAt: '', updatedAt: '' };
    const succeeded = {
      ...job,
      status: 'succeeded',
      progress: 100,
      result: { lang: 'en', provider: 'offline', descriptions: { '1': 'Title slide: a title and a subtitle.', '2': 'Agenda slide: up to 6 topics.' } },
    };
    const routes = [
      { method: 'GET', path: detailPath, reply: { body: undescribed } },
      { method: 'POST', path: `${detailPath}/generate-missing-descriptions`, reply: { body: job } },
      { method: 'GET', path: '/api/jobs/J7', reply: { body: succeeded } },
    ];

    async function generateAll() {
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Generate All Missing' }));
      return screen.findByRole('group', { name: 'AI suggestion for slide 1' });
    }

    it('is disabled when every slide has a description', async () => {
      mockApi([getDetail]);
      renderPage();
      expect(await screen.findByRole('button', { name: 'Generate All Missing' })).toBeDisabled();
    });

    it('shows the job’s progress, then each suggestion on its slide, saving nothing', async () => {
      let polls = 0;
      const running = { ...job, status: 'running', progress: 49 };
      const { calls } = mockApi([...routes.slice(0, 2), { method: 'GET', path: '/api/jobs/J7', reply: async () => json(polls++ === 0 ? running : succeeded) }]);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Generate All Missing' }));
      expect(await screen.findByRole('progressbar', { name: 'Describing 2 slides…' })).toHaveAttribute('aria-valuenow', '49');
      const suggestion = await screen.findByRole('group', { name: 'AI suggestion for slide 1' }, { timeout: 3000 });
      expect(within(suggestion).getByText('Title slide: a title and a subtitle.')).toBeInTheDocument();
      expect(within(suggestion).getByText('Suggested by the offline assistant')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'AI suggestion for slide 2' })).toHaveTextContent('Agenda slide: up to 6 topics.');
      expect(screen.getByText('2 AI suggestions are waiting for your review below. Nothing is saved until you accept them.')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      const post = calls.find((call) => call.method === 'POST');
      expect(post?.path).toBe(`${detailPath}/generate-missing-descriptions`);
      expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(1);
    });

    it('accepts one suggestion with the slide’s save, and discards another', async () => {
      const saved = { ...undescribed.parsedSlides[0]!, description: 'Title slide: a title and a subtitle.' };
      let current = undescribed;
      const { calls } = mockApi([
        { method: 'GET', path: detailPath, reply: async () => json(current) },
        ...routes.slice(1),
        {
          method: 'PUT',
          path: `${detailPath}/slides/1/description`,
          reply: async () => {
            current = { ...undescribed, slidesMissingDescription: [2], parsedSlides: [saved, undescribed.parsedSlides[1]!] };
            return json(saved);
          },
        },
      ]);
      const slide1Suggestion = await generateAll();
      expect(screen.getByRole('button', { name: 'Accept All Generated Descriptions' })).toBeInTheDocument();
      await userEvent.click(within(slide1Suggestion).getByRole('button', { name: 'Accept' }));
      expect(await screen.findByText('Description saved')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ description: 'Title slide: a title and a subtitle.' });
      await waitFor(() => expect(screen.queryByRole('group', { name: 'AI suggestion for slide 1' })).not.toBeInTheDocument());
      expect(within(screen.getByRole('region', { name: 'Slide 1' })).getByText('Title slide: a title and a subtitle.')).toBeInTheDocument();
      // One left: Accept All is for more than one.
      expect(screen.queryByRole('button', { name: 'Accept All Generated Descriptions' })).not.toBeInTheDocument();
      await userEvent.click(within(screen.getByRole('group', { name: 'AI suggestion for slide 2' })).getByRole('button', { name: 'Discard' }));
      expect(screen.queryByRole('group', { name: /AI suggestion/ })).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    });

    it('accepts all suggestions in one call and shows the saved descriptions', async () => {
      const described = aTemplate({ slidesMissingDescription: [], parsedSlides: undescribed.parsedSlides.map((slide) => ({ ...slide, description: succeeded.result.descriptions[String(slide.slideNumber) as '1'] })) });
      let accepted = false;
      const { calls } = mockApi([
        { method: 'GET', path: detailPath, reply: async () => json(accepted ? described : undescribed) },
        ...routes.slice(1),
        {
          method: 'POST',
          path: `${detailPath}/accept-descriptions`,
          reply: async () => {
            accepted = true;
            return json(described);
          },
        },
      ]);
      await generateAll();
      await userEvent.click(screen.getByRole('button', { name: 'Accept All Generated Descriptions' }));
      expect(await screen.findByText('2 descriptions saved')).toBeInTheDocument();
      expect(calls.find((call) => call.path.endsWith('/accept-descriptions'))?.body).toEqual({
        descriptions: { '1': 'Title slide: a title and a subtitle.', '2': 'Agenda slide: up to 6 topics.' },
      });
      expect(screen.queryByRole('group', { name: /AI suggestion/ })).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Slide 2' })).getByText('Agenda slide: up to 6 topics.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Accept All Generated Descriptions' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Generate All Missing' })).toBeDisabled());
    });

    it('keeps every suggestion when Accept All fails, and says why', async () => {
      mockApi([...routes, { method: 'POST', path: `${detailPath}/accept-descriptions`, reply: { status: 403, body: apiErrorBody('forbidden') } }]);
      await generateAll();
      await userEvent.click(screen.getByRole('button', { name: 'Accept All Generated Descriptions' }));
      expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'AI suggestion for slide 1' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'AI suggestion for slide 2' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Accept All Generated Descriptions' })).toBeEnabled();
    });

    it('reports a failed job with its translated reason until dismissed', async () => {
      const failed = { ...job, status: 'failed', errorCode: 'ai_unavailable', errorMessage: 'server text' };
      mockApi([...routes.slice(0, 2), { method: 'GET', path: '/api/jobs/J7', reply: { body: failed } }]);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Generate All Missing' }));
      const alert = await screen.findByText(/^Generate All Missing failed: AI is not available on this server yet/);
      expect(screen.queryByRole('group', { name: /AI suggestion/ })).not.toBeInTheDocument();
      await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close notification' }));
      expect(screen.queryByText(/Generate All Missing failed/)).not.toBeInTheDocument();
    });

    it('cancels the job on the server and keeps what it described before it stopped', async () => {
      let cancelAsked = false;
      const running = { ...job, status: 'running', progress: 40 };
      const cancelled = {
        ...job,
        status: 'cancelled',
        progress: 49,
        cancelRequestedAt: '2026-11-27T09:00:00Z',
        result: { lang: 'en', provider: 'offline', descriptions: { '1': 'Title slide: a title and a subtitle.' }, total: 2, cancelledSlides: [2], failedSlides: [] },
      };
      const { calls } = mockApi([
        ...routes.slice(0, 2),
        { method: 'GET', path: '/api/jobs/J7', reply: async () => json(cancelAsked ? cancelled : running) },
        {
          method: 'POST',
          path: '/api/jobs/J7/cancel',
          reply: async () => {
            cancelAsked = true;
            return json({ ...running, cancelRequestedAt: '2026-11-27T09:00:00Z' });
          },
        },
      ]);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Generate All Missing' }));
      await screen.findByRole('progressbar', { name: 'Describing 2 slides…' });
      const detailLoads = calls.filter((call) => call.method === 'GET' && call.path === detailPath).length;
      await userEvent.click(screen.getByRole('button', { name: 'Cancel Generate All Missing' }));
      expect(await screen.findByRole('progressbar', { name: 'Cancelling… the slides being described now finish first.' })).toBeInTheDocument();
      expect(await screen.findByText('Cancelled: 1 of 2 slides were described. Generate All Missing continues with the rest.', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'AI suggestion for slide 1' })).toHaveTextContent('Title slide: a title and a subtitle.');
      expect(screen.queryByRole('group', { name: 'AI suggestion for slide 2' })).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/jobs/J7/cancel')).toHaveLength(1);
      // The template is read again (refreshed), and Generate All Missing can resume.
      await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === detailPath).length).toBeGreaterThan(detailLoads));
      expect(screen.getByRole('button', { name: 'Generate All Missing' })).toBeEnabled();
    });

    it('lets a job that finished meanwhile end as usual when Cancel comes too late', async () => {
      let polls = 0;
      const running = { ...job, status: 'running', progress: 90 };
      mockApi([
        ...routes.slice(0, 2),
        { method: 'GET', path: '/api/jobs/J7', reply: async () => json(polls++ === 0 ? running : succeeded) },
        { method: 'POST', path: '/api/jobs/J7/cancel', reply: { status: 409, body: apiErrorBody('job_finished', 'x', { status: 'succeeded' }) } },
      ]);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Generate All Missing' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Generate All Missing' }));
      expect(await screen.findByRole('group', { name: 'AI suggestion for slide 2' }, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.queryByText(/^Cancelled:/)).not.toBeInTheDocument();
      expect(screen.queryByText('This job has already finished, so there is nothing to cancel.')).not.toBeInTheDocument();
    });

    it('names the offline assistant in Chinese', async () => {
      window.localStorage.setItem('lang', 'zh-CN');
      mockApi(routes);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: '生成所有缺失描述' }));
      const suggestion = await screen.findByRole('group', { name: '第 1 页的 AI 建议' });
      expect(within(suggestion).getByText('由离线助手建议')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '接受所有生成的描述' })).toBeInTheDocument();
    });
  });
});
