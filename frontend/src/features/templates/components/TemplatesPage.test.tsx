import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aTemplate, aTemplateSummary } from '../templateFixtures';
import { TemplatesPage } from './TemplatesPage';

const own = aTemplateSummary({ thumbnailSlides: [1], slidesMissingDescription: [2], description: '' });
const builtin = aTemplateSummary({
  _id: '01JTPL00000000000000000002',
  filename: 'Slidewright Jade.pptx',
  public: true,
  builtin: true,
  canEdit: false,
  ownerId: 'system',
});
const listRoute = { method: 'GET', path: '/api/pptx-files', reply: { body: [own, builtin] } };

/** A stand-in for XMLHttpRequest: reports the upload in two steps, then answers `reply`. */
function stubUpload(reply: { status: number; body: unknown }, answerAfterMs = 20) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent), 0);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, answerAfterMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** Has the mocked fetch reject when its request is aborted, as a real fetch does. */
function honourAborts(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const signal = input instanceof Request ? input.signal : init?.signal;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort);
      fetchMock(input, init).then(resolve, reject);
    });
  });
}

describe('TemplatesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each template as a card with its status', async () => {
    mockApi([listRoute]);
    renderWithProviders(<TemplatesPage />);
    expect(await screen.findByRole('link', { name: 'Quarterly.pptx' })).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Built-in')).toBeInTheDocument();
    expect(screen.getByText('No description yet')).toBeInTheDocument();
  });

  it('warns only about the user’s own templates, with the three banners', async () => {
    mockApi([listRoute]);
    renderWithProviders(<TemplatesPage />);
    expect(await screen.findByText('Quarterly.pptx: 1 slide has no thumbnail.')).toBeInTheDocument();
    expect(screen.getByText('Quarterly.pptx: 1 slide has no description, so AI cannot choose it well.')).toBeInTheDocument();
    expect(screen.getByText('Quarterly.pptx has no description.')).toBeInTheDocument();
    expect(screen.queryByText(/Slidewright Jade.pptx:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/pptx-files/${own._id}`);
    await userEvent.click(screen.getByRole('button', { name: 'How to export JPGs' }));
    expect(await screen.findByRole('dialog', { name: 'Exporting slides as JPG from PowerPoint' })).toHaveTextContent('640 × 360');
  });

  it('generates and saves a missing file description from its banner', async () => {
    const generated = 'A 2-slide quarterly review deck.';
    const { calls } = mockApi([
      listRoute,
      { method: 'GET', path: `/api/pptx-files/${own._id}/generate-description`, reply: { body: { description: generated, provider: 'offline' } } },
      { method: 'PUT', path: `/api/pptx-files/${own._id}`, reply: { body: aTemplate({ description: generated }) } },
    ]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Description' }));
    expect(await screen.findByText('Description generated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ description: generated });
  });

  it('saves nothing when the description cannot be generated', async () => {
    const { calls } = mockApi([
      listRoute,
      { method: 'GET', path: `/api/pptx-files/${own._id}/generate-description`, reply: { status: 429, body: apiErrorBody('ai_rate_limited', 'server wording') } },
    ]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Description' }));
    expect(await screen.findByText('Too many AI requests. Wait a minute and try again.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('generates two templates’ descriptions at once: starting the second leaves the first running', async () => {
    const first = aTemplateSummary({ description: '' });
    const second = aTemplateSummary({ _id: '01JTPL00000000000000000003', filename: 'Roadmap.pptx', description: '' });
    let answerFirst: (() => void) | undefined;
    const { calls, fetchMock } = mockApi([
      { method: 'GET', path: '/api/pptx-files', reply: { body: [first, second] } },
      {
        method: 'GET',
        path: `/api/pptx-files/${first._id}/generate-description`,
        // The model is slow on the first: its answer comes after the second's.
        reply: () =>
          new Promise<Response>((resolve) => {
            answerFirst = () => resolve(Response.json({ description: 'Quarterly review deck.', provider: 'openai_compat' }));
          }),
      },
      { method: 'GET', path: `/api/pptx-files/${second._id}/generate-description`, reply: { body: { description: 'Product roadmap deck.', provider: 'openai_compat' } } },
      { method: 'PUT', path: `/api/pptx-files/${first._id}`, reply: { body: aTemplate({ description: 'Quarterly review deck.' }) } },
      { method: 'PUT', path: `/api/pptx-files/${second._id}`, reply: { body: aTemplate({ _id: second._id, description: 'Product roadmap deck.' }) } },
    ]);
    honourAborts(fetchMock);
    renderWithProviders(<TemplatesPage />);
    const firstBanner = (await screen.findByText('Quarterly.pptx has no description.')).closest('[role="alert"]') as HTMLElement;
    const secondBanner = screen.getByText('Roadmap.pptx has no description.').closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(firstBanner).getByRole('button', { name: 'Generate Description' }));
    await waitFor(() => expect(answerFirst).toBeDefined());
    // The second starts while the first waits, and is not blocked by it.
    expect(within(secondBanner).getByRole('button', { name: 'Generate Description' })).toBeEnabled();
    await userEvent.click(within(secondBanner).getByRole('button', { name: 'Generate Description' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([`/api/pptx-files/${second._id}`]));

    answerFirst?.();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.find((call) => call.path === `/api/pptx-files/${first._id}` && call.method === 'PUT')?.body).toEqual({ description: 'Quarterly review deck.' });
    expect(calls.find((call) => call.path === `/api/pptx-files/${second._id}` && call.method === 'PUT')?.body).toEqual({ description: 'Product roadmap deck.' });
  });

  it('cancels one template’s request without touching the other’s', async () => {
    const first = aTemplateSummary({ description: '' });
    const second = aTemplateSummary({ _id: '01JTPL00000000000000000003', filename: 'Roadmap.pptx', description: '' });
    const hang = () => new Promise<Response>(() => undefined);
    const { calls, fetchMock } = mockApi([
      { method: 'GET', path: '/api/pptx-files', reply: { body: [first, second] } },
      { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: 'openai_compat', aiDeadlineSeconds: 90 } } },
      { method: 'GET', path: `/api/pptx-files/${first._id}/generate-description`, reply: hang },
      { method: 'GET', path: `/api/pptx-files/${second._id}/generate-description`, reply: hang },
    ]);
    honourAborts(fetchMock);
    renderWithProviders(<TemplatesPage />);
    const firstBanner = (await screen.findByText('Quarterly.pptx has no description.')).closest('[role="alert"]') as HTMLElement;
    const secondBanner = screen.getByText('Roadmap.pptx has no description.').closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(firstBanner).getByRole('button', { name: 'Generate Description' }));
    await userEvent.click(within(secondBanner).getByRole('button', { name: 'Generate Description' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel generating the description of Quarterly.pptx' }));
    expect(screen.queryByRole('button', { name: 'Cancel generating the description of Quarterly.pptx' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel generating the description of Roadmap.pptx' })).toBeInTheDocument();
    expect(within(secondBanner).getByRole('button', { name: 'Generate Description' })).toBeDisabled(); // still generating
    expect(calls.filter((call) => call.path.endsWith('/generate-description'))).toHaveLength(2);
  });

  it('opens the bulk thumbnail upload from Upload Now', async () => {
    mockApi([listRoute]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Now' }));
    expect(await screen.findByRole('dialog', { name: 'Upload thumbnails' })).toHaveTextContent('Select 2 JPG files for Quarterly.pptx');
  });

  it('offers the menu on own templates only, with Publish disabled once published', async () => {
    mockApi([listRoute]);
    renderWithProviders(<TemplatesPage />);
    expect(await screen.findByRole('button', { name: 'More actions for Quarterly.pptx' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for Slidewright Jade.pptx' })).not.toBeInTheDocument();
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Quarterly.pptx' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Publish presentation' })).not.toHaveAttribute('aria-disabled');
    expect(within(menu).getByRole('menuitem', { name: 'Upload thumbnails' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete presentation' })).toBeInTheDocument();
  });

  it('disables Publish for a published template', async () => {
    mockApi([{ method: 'GET', path: '/api/pptx-files', reply: { body: [{ ...own, public: true }] } }]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Quarterly.pptx' }));
    expect(await screen.findByRole('menuitem', { name: 'Publish presentation' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('deletes after confirmation with the spec’s messages', async () => {
    const { calls } = mockApi([listRoute, { method: 'DELETE', path: `/api/pptx-files/${own._id}`, reply: { status: 204 } }]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Quarterly.pptx' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete presentation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete presentation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete presentation' }));
    expect(await screen.findByText('Presentation deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('reports a failed delete', async () => {
    mockApi([listRoute, { method: 'DELETE', path: `/api/pptx-files/${own._id}`, reply: { status: 500, body: apiErrorBody('internal_error') } }]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Quarterly.pptx' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete presentation' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete presentation' }));
    expect(await screen.findByText('Failed to delete presentation')).toBeInTheDocument();
  });

  it('publishes after confirmation', async () => {
    const { calls } = mockApi([listRoute, { method: 'POST', path: `/api/pptx-files/${own._id}/publish`, reply: { body: aTemplate({ public: true }) } }]);
    renderWithProviders(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Quarterly.pptx' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Publish presentation' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Publish presentation?' })).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Presentation published')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('shows the upload’s progress, then the render job’s', async () => {
    const uploaded = aTemplate({ renderJob: { _id: 'J1', kind: 'render', subjectId: own._id, status: 'queued', progress: 0, errorCode: null, errorMessage: null, result: null, createdAt: '', updatedAt: '' } });
    mockApi([listRoute, { method: 'GET', path: '/api/jobs/J1', reply: { body: { ...uploaded.renderJob, status: 'running', progress: 30 } } }]);
    const sent = stubUpload({ status: 201, body: uploaded }, 300);
    renderWithProviders(<TemplatesPage />);
    await screen.findByRole('link', { name: 'Quarterly.pptx' });
    await userEvent.upload(screen.getByLabelText('Upload PPTX'), new File(['pk'], 'deck.pptx'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading deck.pptx…' })).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByRole('progressbar', { name: 'Rendering the thumbnails of deck.pptx…' })).toHaveAttribute('aria-valuenow', '30');
    expect(sent[0]?.url).toBe('/api/pptx-files');
    expect(sent[0]?.form.get('file')).toBeInstanceOf(File);
  });

  it('translates an upload refusal into the user’s language', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([listRoute]);
    stubUpload({ status: 400, body: apiErrorBody('invalid_pptx', 'This file is not a PowerPoint presentation (not a zip).', { reason: 'not a zip' }) });
    renderWithProviders(<TemplatesPage />);
    await screen.findByRole('link', { name: 'Quarterly.pptx' });
    await act(async () => userEvent.upload(screen.getByLabelText('上传 PPTX'), new File(['nope'], 'broken.pptx')));
    expect(await screen.findByText('broken.pptx 未能上传：无法读取此文件，它不是有效的 PowerPoint 演示文稿。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText(/未能上传/)).not.toBeInTheDocument());
  });
});
