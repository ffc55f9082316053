import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import type { AiCallOptions } from '@/components/ai/aiCall';
import { renderWithProviders } from '@/testing/render';
import type { AiSuggestion } from '../types';
import { EditableDescription } from './EditableDescription';

/** Answers each Generate with the next text, from the offline assistant. */
function answers(...texts: string[]) {
  const queue = texts.map((text): AiSuggestion => ({ text, provider: 'offline' }));
  return vi.fn(async () => {
    const next = queue.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
}

function renderDescription(onGenerate: (options: AiCallOptions) => Promise<AiSuggestion>) {
  renderWithProviders(<EditableDescription heading="File description" value="Saved text" emptyText="No description" canEdit onSave={vi.fn(async () => {})} onGenerate={onGenerate} />);
}

const field = () => screen.getByRole('textbox', { name: 'File description' });
const edit = () => userEvent.click(screen.getByRole('button', { name: 'Edit File description' }));
const generate = () => userEvent.click(screen.getByRole('button', { name: 'Generate with AI' }));

describe('EditableDescription', () => {
  it('stops naming the AI once the user changes its text', async () => {
    renderDescription(answers('AI text'));
    await generate();
    expect(field()).toHaveValue('AI text');
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();
    await userEvent.type(field(), '!');
    expect(field()).toHaveValue('AI text!');
    expect(screen.queryByText('Suggested by the offline assistant')).not.toBeInTheDocument();
  });

  it('replaces the saved text or an unchanged AI text without asking', async () => {
    renderDescription(answers('First AI text', 'Second AI text'));
    await edit();
    expect(field()).toHaveValue('Saved text');
    await generate();
    expect(field()).toHaveValue('First AI text');
    await generate();
    expect(field()).toHaveValue('Second AI text');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a new AI text replaces what the user wrote', async () => {
    const onGenerate = answers('AI text', 'Another AI text');
    renderDescription(onGenerate);
    await edit();
    await userEvent.type(field(), ', edited');
    await generate();
    const dialog = await screen.findByRole('dialog', { name: 'Replace your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(field()).toHaveValue('Saved text, edited');
    expect(screen.queryByText('Suggested by the offline assistant')).not.toBeInTheDocument();

    await generate();
    const again = await screen.findByRole('dialog', { name: 'Replace your changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Replace' }));
    await waitForElementToBeRemoved(again);
    expect(field()).toHaveValue('Another AI text');
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();
    expect(onGenerate).toHaveBeenCalledTimes(2);
  });

  it('gives the focus back to Generate with AI after the question, though the busy button had lost it', async () => {
    // Chrome drops the focus of a button disabled while it loads; jsdom does not, so the answer blurs it.
    const onGenerate = vi.fn(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      return { text: 'AI text', provider: 'offline' };
    });
    renderDescription(onGenerate);
    await edit();
    await userEvent.type(field(), ', edited');
    await generate();
    const dialog = await screen.findByRole('dialog', { name: 'Replace your changes?' });
    await userEvent.keyboard('{Escape}');
    await waitForElementToBeRemoved(dialog);
    expect(screen.getByRole('button', { name: 'Generate with AI' })).toHaveFocus();
  });

  it('asks when the user typed while the AI was writing', async () => {
    let answer: (suggestion: AiSuggestion) => void = () => {};
    const onGenerate = vi.fn(() => new Promise<AiSuggestion>((resolve) => (answer = resolve)));
    renderDescription(onGenerate);
    await edit();
    await generate();
    const typed = field();
    await userEvent.type(typed, ' and more');
    await act(async () => answer({ text: 'AI text', provider: 'offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your changes?' });
    expect(typed).toHaveValue('Saved text and more');
    // The answer puts the focus back where the user was typing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(typed).toHaveFocus();
  });

  it('offers the offline assistant when the model failed, and puts its text in the editor', async () => {
    const onGenerate = vi.fn(async (options: AiCallOptions): Promise<AiSuggestion> => {
      if (options.assistant !== 'offline') throw new ApiError(502, 'ai_bad_response', 'x', { offlineAvailable: true });
      return { text: 'Offline text', provider: 'offline' };
    });
    renderDescription(onGenerate);
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('The AI model gave an answer that could not be used.');
    expect(screen.queryByRole('textbox', { name: 'File description' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the offline assistant for this' }));
    expect(await screen.findByRole('textbox', { name: 'File description' })).toHaveValue('Offline text');
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();
    expect(onGenerate.mock.calls.map(([options]) => options.assistant)).toEqual([undefined, 'offline']);
  });

  it('notes which facts of the model were left out', async () => {
    renderDescription(async () => ({ text: 'Model text', provider: 'openai_compat', fallbackFields: [], droppedFacts: ['1999'] }));
    await generate();
    expect(await screen.findByText('Left out because they are not in your material: 1999')).toBeInTheDocument();
  });
});
