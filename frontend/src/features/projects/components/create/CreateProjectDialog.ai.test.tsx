import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { CreateProjectDialog } from './CreateProjectDialog';

// Issue 18: a model that fails or answers in part, as a company's small self-hosted model does.

const templates = { method: 'GET', path: '/api/pptx-files', reply: { body: [] } };
const config = { method: 'GET', path: '/api/app/config', reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: 'openai_compat', aiDeadlineSeconds: 90 } } };
const recommendation = { suggestedTitle: 'Board review', suggestedPptxFileId: null, suggestedNumSlides: 9, matchReason: 'A short strategic deck' };

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

async function askForRecommendations() {
  renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Board');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Get AI Recommendations' }));
  return dialog;
}

describe('CreateProjectDialog with a connected model', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('offers the offline assistant when the model ran out of time, and asks it the same', { timeout: 20_000 }, async () => {
    let asked = 0;
    const { calls, fetchMock } = mockApi([
      templates,
      config,
      {
        method: 'POST',
        path: '/api/projects/recommend-slideshow',
        reply: () => {
          asked += 1;
          return asked === 1
            ? json(apiErrorBody('ai_timeout', 'server words', { seconds: 90, offlineAvailable: true }), 504)
            : json({ ...recommendation, provider: 'offline', fallbackFields: [], droppedFacts: [] });
        },
      },
    ]);
    const dialog = await askForRecommendations();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The AI model did not finish in time. Nothing was changed.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Use the offline assistant for this' }));

    expect(await within(dialog).findByRole('textbox', { name: /Title/ })).toHaveValue('Board review');
    expect(within(dialog).getByText('Suggested by the offline assistant')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.map(([request]) => new URL((request as Request).url)).filter((url) => url.pathname.endsWith('/recommend-slideshow'));
    expect(sent.map((url) => url.searchParams.get('assistant'))).toEqual([null, 'offline']);
    const bodies = calls.filter((call) => call.path.endsWith('/recommend-slideshow')).map((call) => call.body);
    expect(bodies).toEqual([{ description: 'Board', durationMinutes: 15, lang: 'en' }, { description: 'Board', durationMinutes: 15, lang: 'en' }]);
  });

  it('notes the parts the offline assistant completed and the facts left out', { timeout: 20_000 }, async () => {
    mockApi([
      templates,
      config,
      { method: 'POST', path: '/api/projects/recommend-slideshow', reply: { body: { ...recommendation, provider: 'openai_compat', fallbackFields: ['numSlides'], droppedFacts: ['2019', 'Contoso'] } } },
    ]);
    const dialog = await askForRecommendations();
    expect(await within(dialog).findByText('A short strategic deck')).toBeInTheDocument();
    expect(within(dialog).getByText('Suggested by the AI model')).toBeInTheDocument();
    expect(within(dialog).getByText('Completed by the offline assistant: number of slides')).toBeInTheDocument();
    expect(within(dialog).getByText('Left out because they are not in your material: 2019, Contoso')).toBeInTheDocument();
  });
});
