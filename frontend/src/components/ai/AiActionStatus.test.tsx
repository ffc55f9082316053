import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import { mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { AiActionStatus } from './AiActionStatus';
import { assistantQuery, type AiCallOptions } from './aiCall';
import { useAiAction } from './useAiAction';

const config = (aiDeadlineSeconds: number | null) => ({
  method: 'GET',
  path: '/api/app/config',
  reply: { body: { appTitle: 'Slidewright', version: '1', aiProvider: aiDeadlineSeconds === null ? 'offline' : 'openai_compat', aiDeadlineSeconds } },
});

const timeout = new ApiError(504, 'ai_timeout', 'server words', { offlineAvailable: true, seconds: 90 });

/** A screen with one AI action: Ask runs `call`; what it answers is shown as "Answer: …". */
function Harness({ call }: { call: (options: AiCallOptions) => Promise<string> }) {
  const ai = useAiAction();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={() => void ai.run(async (options) => setAnswer(await call(options)))}>
        Ask
      </button>
      <AiActionStatus action={ai} />
      {answer && <p>Answer: {answer}</p>}
    </>
  );
}

describe('AiActionStatus with useAiAction', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('offers the offline assistant after a model failure and runs the same call with it', async () => {
    mockApi([config(90)]);
    const call = vi.fn(async (options: AiCallOptions) => {
      if (options.assistant !== 'offline') throw timeout;
      return 'from the offline assistant';
    });
    renderWithProviders(<Harness call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The AI model did not finish in time. Nothing was changed.');
    await userEvent.click(screen.getByRole('button', { name: 'Use the offline assistant for this' }));
    expect(await screen.findByText('Answer: from the offline assistant')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1]?.[0]).toMatchObject({ assistant: 'offline' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no offline assistant when the server does not say it can stand in', async () => {
    mockApi([config(90)]);
    renderWithProviders(<Harness call={() => Promise.reject(new ApiError(429, 'ai_rate_limited', 'x'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many AI requests');
    expect(screen.queryByRole('button', { name: 'Use the offline assistant for this' })).not.toBeInTheDocument();
  });

  it('shows the seconds out of the deadline and cancels: the request is aborted and its answer not applied', async () => {
    let respond: (response: Response) => void = () => {};
    const { fetchMock } = mockApi([
      config(90),
      { method: 'POST', path: '/api/projects/recommend-slideshow', reply: () => new Promise<Response>((resolve) => (respond = resolve)) },
    ]);
    // Through the API client, as the app's calls go: an answer arriving after Cancel is dropped there.
    const call = async (options: AiCallOptions) =>
      unwrap(await api.POST('/api/projects/recommend-slideshow', { body: { description: 'x', durationMinutes: 10, lang: 'en' }, params: { query: assistantQuery(options) }, signal: options.signal }))
        .suggestedTitle;
    renderWithProviders(<Harness call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Waiting for the AI model… 0 s of at most 90 s')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Waiting for the AI model' })).toBeInTheDocument();
    // Announced once, politely, not every second.
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the AI model, at most 90 seconds.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel waiting for the AI model' }));
    const sent = fetchMock.mock.calls.map(([request]) => request as Request).find((request) => request.url.endsWith('/recommend-slideshow'));
    expect(sent?.signal.aborted).toBe(true);
    expect(screen.queryByText(/Waiting for the AI model…/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cancelled. Nothing was changed.');
    const late = { suggestedTitle: 'Too late', suggestedPptxFileId: null, suggestedNumSlides: 5, matchReason: '', provider: 'openai_compat' };
    await act(async () => respond(new Response(JSON.stringify(late), { headers: { 'Content-Type': 'application/json' } })));
    expect(screen.queryByText(/Answer:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no waiting line with the offline assistant, which has no deadline', async () => {
    mockApi([config(null)]);
    renderWithProviders(<Harness call={() => new Promise<string>(() => {})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(screen.queryByRole('button', { name: 'Cancel waiting for the AI model' })).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockApi([config(60)]);
    const call = vi.fn(async (options: AiCallOptions) => {
      if (options.assistant !== 'offline') throw timeout;
      return '离线';
    });
    renderWithProviders(<Harness call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('AI 模型未能按时完成');
    await userEvent.click(screen.getByRole('button', { name: '改用离线助手完成此操作' }));
    expect(await screen.findByText('Answer: 离线')).toBeInTheDocument();
  });
});
