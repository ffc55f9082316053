import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { GenerateImageDialog } from './GenerateImageDialog';

describe('GenerateImageDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Generate disabled while the prompt is blank and offers the six aspect ratios', async () => {
    mockApi([]);
    renderWithProviders(<GenerateImageDialog open onClose={() => undefined} />);
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), '   ');
    expect(generate).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveTextContent('Landscape (4:3)');
    await userEvent.click(screen.getByRole('combobox', { name: 'Aspect ratio' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(6);
  });

  it('submits on Enter with the default landscape_4_3 and shows why it failed', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: '/api/images/generate', reply: { status: 503, body: apiErrorBody('ai_unavailable', 'server') } },
    ]);
    renderWithProviders(<GenerateImageDialog open onClose={() => undefined} />);
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    fireEvent.change(prompt, { target: { value: '  A lighthouse at sunset' } });
    await userEvent.type(prompt, '{Enter}');
    expect(await screen.findByText('Failed to generate image: AI is not available on this server yet. Ask your administrator to connect an AI provider.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ prompt: 'A lighthouse at sunset', image_size: 'landscape_4_3' });
  });

  it('adds a line on Shift+Enter instead of submitting', async () => {
    const { calls } = mockApi([]);
    renderWithProviders(<GenerateImageDialog open onClose={() => undefined} />);
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    fireEvent.change(prompt, { target: { value: 'Line one' } });
    await userEvent.type(prompt, '{Shift>}{Enter}{/Shift}');
    expect(prompt).toHaveValue('Line one\n');
    expect(calls).toHaveLength(0);
  });
});
