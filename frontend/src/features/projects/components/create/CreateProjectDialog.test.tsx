import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aProject } from '../../editor/testData';
import { CreateProjectDialog } from './CreateProjectDialog';

const templates = { method: 'GET', path: '/api/pptx-files', reply: { body: [] } };

describe('CreateProjectDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('validates step 0 and plans floor(duration / 2) slides on the manual path', { timeout: 20_000 }, async () => {
    const created = aProject([]);
    const { calls } = mockApi([templates, { method: 'POST', path: '/api/projects', reply: { status: 201, body: created } }]);
    const onCreated = vi.fn();
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={onCreated} />);
    const dialog = await screen.findByRole('dialog');
    const duration = within(dialog).getByRole('spinbutton', { name: 'Duration' });
    expect(duration).toHaveValue(15);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Get AI Recommendations' }));
    expect(within(dialog).getByText('Description is required for recommendation')).toBeInTheDocument();

    await userEvent.clear(duration);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Manually' }));
    expect(within(dialog).getByText('Valid presentation duration is required')).toBeInTheDocument();

    await userEvent.type(duration, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Manually' }));
    expect(await within(dialog).findByText('Review Recommendations')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Number of slides' })).toHaveValue(12);
    // The click that revealed step 1 did not also submit it.
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Board update');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Board update', description: '', lang: 'en', numSlides: 12, pptxFileId: null });
  });

  it('says at once that 0 slides is not allowed, before Create', { timeout: 20_000 }, async () => {
    mockApi([templates]);
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Manually' }));
    const count = await within(dialog).findByRole('spinbutton', { name: 'Number of slides' });
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Enter a whole number of slides from 1 to 200')).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '6');
    expect(count).toHaveAttribute('aria-invalid', 'false');
  });

  it('starts a Chinese user on a Chinese deck', { timeout: 20_000 }, async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    const recommendation = { suggestedTitle: '董事会', suggestedPptxFileId: null, suggestedNumSlides: 9, matchReason: '简短', provider: 'offline' };
    const { calls } = mockApi([templates, { method: 'POST', path: '/api/projects/recommend-slideshow', reply: { body: recommendation } }]);
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '描述' }), '董事会');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取 AI 推荐' }));
    expect(await within(dialog).findByText('简短')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ description: '董事会', durationMinutes: 15, lang: 'zh-CN' });
  });

  it('fills step 1 from an AI recommendation', { timeout: 20_000 }, async () => {
    const recommendation = { suggestedTitle: 'Board review', suggestedPptxFileId: null, suggestedNumSlides: 9, matchReason: 'A short strategic deck', provider: 'offline' };
    const { calls } = mockApi([templates, { method: 'POST', path: '/api/projects/recommend-slideshow', reply: { body: recommendation } }]);
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get AI Recommendations' }));
    expect(await within(dialog).findByText('A short strategic deck')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Board review');
    expect(within(dialog).getByRole('spinbutton', { name: 'Number of slides' })).toHaveValue(9);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ description: 'Board', durationMinutes: 15, lang: 'en' });
  });

  it('says clearly when AI recommendations are not available', { timeout: 20_000 }, async () => {
    mockApi([templates, { method: 'POST', path: '/api/projects/recommend-slideshow', reply: { status: 503, body: apiErrorBody('ai_unavailable', 'x') } }]);
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get AI Recommendations' }));
    expect(await within(dialog).findByText(/AI is not available on this server yet/)).toBeInTheDocument();
    expect(within(dialog).getByText('Describe Your Presentation')).toBeInTheDocument();
  });

  it("shows the server's message, or the generic one, when creating fails", async () => {
    mockApi([templates, { method: 'POST', path: '/api/projects', reply: () => Promise.reject(new TypeError('Failed to fetch')) }]);
    renderWithProviders(<CreateProjectDialog open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Manually' }));
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /Title/ }), 'Deck');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('An error occurred while creating the project')).toBeInTheDocument();
  });
});
