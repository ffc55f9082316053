import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { AiSuggestion } from '../types';
import { EditableDescription } from './EditableDescription';

/** Answers each Generate with the next text, from the offline assistant. */
function answers(...texts: string[]) {
  const queue = texts.map((text): AiSuggestion => ({ text, provider: 'offline' }));
  return vi.fn(async () => queue.shift() ?? null);
}

function renderDescription(onGenerate: () => Promise<AiSuggestion | null>) {
  renderWithProviders(
    <EditableDescription heading="File description" value="Saved text" emptyText="No description" canEdit onSave={vi.fn(async () => {})} onGenerate={onGenerate} generating={false} />,
  );
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

  it('asks when the user typed while the AI was writing', async () => {
    let answer: (suggestion: AiSuggestion) => void = () => {};
    const onGenerate = vi.fn(() => new Promise<AiSuggestion>((resolve) => (answer = resolve)));
    renderDescription(onGenerate);
    await edit();
    await generate();
    const typed = field();
    await userEvent.type(typed, ' and more');
    await act(async () => answer({ text: 'AI text', provider: 'offline' }));
    expect(await screen.findByRole('dialog', { name: 'Replace your changes?' })).toBeInTheDocument();
    expect(typed).toHaveValue('Saved text and more');
  });
});
