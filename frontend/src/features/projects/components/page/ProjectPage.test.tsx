import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aProject, aSlide, aTemplate } from '../../editor/testData';
import type { Project } from '../../types';
import { ProjectPage } from './ProjectPage';

const template = aTemplate();

/** A fetch stub whose PUT replies follow a script (the conflict needs 409, then 200). */
type ExtraRoute = (method: string, path: string, body: Record<string, unknown> | null) => unknown;

function server(initial: Project, putReplies: Array<'ok' | 'conflict'> = [], extra?: ExtraRoute, config: Record<string, unknown> = {}) {
  let current = initial;
  const puts: Record<string, unknown>[] = [];
  let latest: Project | null = null;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (input.method === 'GET' && url.pathname === `/api/projects/${initial._id}`) return json(latest ?? current);
      if (input.method === 'GET' && url.pathname === `/api/pptx-files/${template._id}`) return json(template);
      if (input.method === 'PUT') {
        const body = JSON.parse(await input.text()) as Record<string, unknown>;
        puts.push(body);
        if (putReplies.shift() === 'conflict') return json(apiErrorBody('version_conflict', 'stale'), 409);
        current = { ...current, ...(body as Partial<Project>), version: current.version + 1 };
        return json(current);
      }
      if (input.method === 'GET' && url.pathname === '/api/app/config') return json({ appTitle: 'Slidewright', version: 'test', aiProvider: 'offline', ...config });
      const answer = await extra?.(input.method, url.pathname, input.method === 'POST' ? (JSON.parse(await input.text()) as Record<string, unknown>) : null);
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return json(answer);
      throw new Error(`Unexpected ${input.method} ${url.pathname}`);
    }),
  );
  return {
    puts,
    /** Another tab saved in between. */
    changeElsewhere(project: Project) {
      latest = project;
      current = project;
    },
  };
}

function renderPage(project: Project) {
  return renderWithProviders(<ProjectPage projectId={project._id} onDeleted={() => undefined} />);
}

describe('ProjectPage slides editor', () => {
  // jsdom does not lay out, so it has no scrolling.
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('inverts template locks per slide, disables locked editors and counts completeness', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1, formData: { Title: 'Hello' } })]);
    const api = server(project);
    renderPage(project);
    const slide = await screen.findByRole('article', { name: 'Slide 1' });
    expect(await within(slide).findByText('1 / 1 filled', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(slide).getByRole('textbox', { name: 'Value of “Subtitle”' })).toBeDisabled();

    await userEvent.click(within(slide).getByRole('button', { name: 'Unlock “Subtitle”' }));
    expect(within(slide).getByRole('textbox', { name: 'Value of “Subtitle”' })).toBeEnabled();
    expect(within(slide).getByText('1 / 2 filled')).toBeInTheDocument();

    await userEvent.click(within(slide).getByRole('button', { name: 'Lock “Title”' }));
    expect(within(slide).getByRole('textbox', { name: 'Value of “Title”' })).toBeDisabled();
    expect(within(slide).getByText('0 / 1 filled')).toBeInTheDocument();

    // Saved with the version loaded (or the next one, if the first lock already went out).
    await waitFor(() => expect(api.puts.at(-1)).toMatchObject({ slides: [{ id: 's1', lockedElementNames: ['Subtitle', 'Title'], formData: { Title: 'Hello' } }] }), { timeout: 3000 });
    expect(api.puts[0]).toMatchObject({ version: 1 });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('on a version conflict reloads, reapplies the edit on top and says so', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1 }), aSlide('s2')]);
    const api = server(project, ['conflict', 'ok']);
    renderPage(project);
    const slide = await screen.findByRole('article', { name: 'Slide 1' });
    api.changeElsewhere(aProject([aSlide('s1', { pptxSlideNumber: 1 }), aSlide('s2', { contentDescription: 'From the other tab' })], { version: 5 }));
    await userEvent.type(await within(slide).findByRole('textbox', { name: 'Value of “Title”' }, { timeout: 3000 }), 'Mine');

    expect(await screen.findByText(/This project was changed in another tab/, undefined, { timeout: 4000 })).toBeInTheDocument();
    // On a slow machine the autosave may fire between two keystrokes: the conflict then comes
    // after "M" and the rest is saved by a later request. Either way the edit is reapplied on
    // version 5 and all of it is saved in the end, beside the other tab's change.
    await waitFor(() => expect(api.puts.length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(api.puts[1]).toMatchObject({
      version: 5,
      slides: [{ id: 's1', formData: { Title: expect.stringMatching(/^M/) } }, { id: 's2', contentDescription: 'From the other tab' }],
    });
    await waitFor(
      () =>
        expect(api.puts.at(-1)).toMatchObject({
          slides: [{ id: 's1', formData: { Title: 'Mine' } }, { id: 's2', contentDescription: 'From the other tab' }],
        }),
      { timeout: 5000 },
    );
    expect(within(screen.getByRole('article', { name: 'Slide 2' })).getByText('From the other tab')).toBeInTheDocument();
  });

  it('adds a slide only with a description, and warns without a project template', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1')], { pptxFileId: null });
    server(project);
    renderPage(project);
    expect(await screen.findByText('Choose a PPTX template first')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add slide' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add slide' }));
    expect(within(dialog).getByText('A description is required to add a slide')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Content description/ }), 'Market size');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add slide' }));
    expect(await screen.findByRole('article', { name: 'Slide 2' })).toHaveTextContent('Market size');
    // Undo (Ctrl+Z) takes it back.
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Slide 2' })).not.toBeInTheDocument());
  });
});

describe('ProjectPage AI suggestions', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills a slide on request, lets the user untick an item, and applies only what was accepted', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1 })]);
    const asked: Record<string, unknown>[] = [];
    const api = server(project, [], (method, path, body) => {
      if (method !== 'POST' || path !== `/api/projects/${project._id}/generate-slide-data`) return undefined;
      asked.push(body ?? {});
      return { slideIndex: 0, pptxSlideNumber: 1, formData: { Title: 'Annual review 2025' }, notes: 'Welcome everyone.', skipped: [], provider: 'offline' };
    });
    renderPage(project);
    const slide = await screen.findByRole('article', { name: 'Slide 1' });
    await userEvent.click(within(slide).getByRole('button', { name: 'AI help for slide 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Fill this slide/ }));

    const suggestion = await within(slide).findByRole('region', { name: /^Suggested content/ });
    expect(asked).toEqual([{ slideIndex: 0, instruction: '' }]);
    expect(within(suggestion).getByText('Suggested by the offline assistant')).toBeInTheDocument();
    expect(within(slide).getByRole('textbox', { name: 'Value of “Title”' })).toHaveValue('');

    await userEvent.click(within(suggestion).getByRole('checkbox', { name: 'Use the suggested speaker notes' }));
    await userEvent.click(within(suggestion).getByRole('button', { name: 'Accept 1 item' }));
    expect(within(slide).queryByRole('region', { name: /^Suggested content/ })).not.toBeInTheDocument();
    expect(within(slide).getByRole('textbox', { name: 'Value of “Title”' })).toHaveValue('Annual review 2025');
    await waitFor(() => expect(api.puts.at(-1)).toMatchObject({ slides: [{ id: 's1', formData: { Title: 'Annual review 2025' }, notes: '' }] }), { timeout: 3000 });
  });

  it('asks for one element with a predefined instruction, and discarding changes nothing', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1, formData: { Title: 'Results' } })]);
    const asked: Record<string, unknown>[] = [];
    const api = server(project, [], (method, path, body) => {
      if (method !== 'POST' || path !== `/api/projects/${project._id}/slides/0/suggest-slide-element-value`) return undefined;
      asked.push(body ?? {});
      return { slideIndex: 0, elementName: 'Title', elementType: 'text', value: 'Our 2025 results', reason: 'More specific', provider: 'openai_compat' };
    });
    renderPage(project);
    const slide = await screen.findByRole('article', { name: 'Slide 1' });
    await userEvent.click(await within(slide).findByRole('button', { name: 'AI help for “Title”' }));
    const popover = await screen.findByRole('dialog', { name: 'AI help for “Title”' });
    for (const chip of ['Rewrite', 'Expand', 'Summarize', 'Formal tone', 'Casual tone', 'Add details', 'Add examples', 'Add statistics', 'Add quotes']) {
      expect(within(popover).getByRole('button', { name: chip })).toBeInTheDocument();
    }
    await userEvent.click(within(popover).getByRole('button', { name: 'Formal tone' }));

    const suggestion = await within(slide).findByRole('region', { name: 'Suggestion for “Title”' });
    expect(asked).toEqual([{ elementName: 'Title', instruction: 'formal_tone' }]);
    expect(within(suggestion).getByText('Our 2025 results')).toBeInTheDocument();
    expect(within(suggestion).getByText('More specific')).toBeInTheDocument();
    expect(within(suggestion).getByText('Suggested by the AI model')).toBeInTheDocument();
    await userEvent.click(within(suggestion).getByRole('button', { name: 'Discard' }));
    expect(within(slide).queryByRole('region', { name: 'Suggestion for “Title”' })).not.toBeInTheDocument();
    expect(within(slide).getByRole('textbox', { name: 'Value of “Title”' })).toHaveValue('Results');
    expect(api.puts).toHaveLength(0);
  });

  it('cancels Fill all between slides, says how far it got, and filling again does only the rest', { timeout: 30_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1 }), aSlide('s2', { pptxSlideNumber: 1 }), aSlide('s3', { pptxSlideNumber: 1 })]);
    const asked: unknown[] = [];
    let slow = true;
    const answer = (slideIndex: unknown) => ({ slideIndex, pptxSlideNumber: 1, formData: { Title: `Title ${String(slideIndex)}` }, notes: '', skipped: [], provider: 'openai_compat' });
    const hanging: Array<() => void> = [];
    server(
      project,
      [],
      (method, path, body) => {
        if (method !== 'POST' || path !== `/api/projects/${project._id}/generate-slide-data`) return undefined;
        asked.push(body?.slideIndex);
        if (body?.slideIndex === 0 || !slow) return answer(body?.slideIndex);
        // The model is slow on slide 2: the answer never comes before Cancel aborts the request.
        return new Promise<Response>((_, reject) => hanging.push(() => reject(new DOMException('aborted', 'AbortError'))));
      },
      { aiProvider: 'openai_compat', aiDeadlineSeconds: 90 },
    );
    renderPage(project);
    await screen.findByRole('article', { name: 'Slide 1' });
    await userEvent.click(await screen.findByRole('button', { name: 'AI assistant' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Fill 3 slides with empty elements/ }));
    await waitFor(() => expect(asked).toEqual([0, 1]));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel waiting for the AI model' }));
    for (const reject of hanging) reject();
    expect(await screen.findByText('Cancelled: 1 of 3 slides were filled. Filling again does the rest.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Slide 1' })).getByRole('region', { name: /^Suggested content/ })).toBeInTheDocument();
    expect(asked).toEqual([0, 1]); // slide 3 was never asked about

    slow = false;
    await userEvent.click(screen.getByRole('button', { name: 'AI assistant' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Fill 2 slides with empty elements/ }));
    await waitFor(() => expect(asked).toEqual([0, 1, 1, 2]));
    expect(await within(screen.getByRole('article', { name: 'Slide 3' })).findByRole('region', { name: /^Suggested content/ })).toBeInTheDocument();
  });

  it('reports a failed request in the user’s words and keeps the deck as it was', { timeout: 20_000 }, async () => {
    const project = aProject([aSlide('s1', { pptxSlideNumber: 1 })]);
    server(project, [], (method, path) =>
      method === 'POST' && path.endsWith('/recommend-slide-description')
        ? new Response(JSON.stringify(apiErrorBody('ai_rate_limited', 'slow down')), { status: 429, headers: { 'Content-Type': 'application/json' } })
        : undefined,
    );
    renderPage(project);
    const slide = await screen.findByRole('article', { name: 'Slide 1' });
    await userEvent.click(within(slide).getByRole('button', { name: 'AI help for slide 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Suggest a description/ }));
    expect(await screen.findByText('AI request failed: Too many AI requests. Wait a minute and try again.')).toBeInTheDocument();
    expect(within(slide).queryByRole('region', { name: 'Suggested description' })).not.toBeInTheDocument();
  });
});
