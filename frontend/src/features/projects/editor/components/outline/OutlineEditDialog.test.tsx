import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithProviders } from '@/testing/render';
import { OutlineEditDialog } from './OutlineEditDialog';

const EDITS = [
  { op: 'insert', path: 'slides/2', value: { contentDescription: 'Pricing' }, reason: 'Asked for pricing' },
  { op: 'replace', path: 'slides/4/contentDescription', value: 'Next steps, dated', reason: 'Clearer' },
];

function stubSuggestions() {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      asked.push(JSON.parse(await input.text()));
      return new Response(JSON.stringify({ edits: EDITS, provider: 'offline' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

async function review(onApply: (edits: unknown[], version: number) => Promise<void>, onPrepare = vi.fn(async () => 7)) {
  renderWithProviders(<OutlineEditDialog open projectId="p1" onClose={() => undefined} onPrepare={onPrepare} onApply={onApply} />);
  await userEvent.type(screen.getByRole('textbox', { name: 'What should change?' }), 'Add a pricing slide');
  await userEvent.click(screen.getByRole('button', { name: 'Suggest edits' }));
  return screen.findByText('Suggested edits');
}

describe('OutlineEditDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves first, describes each edit in words, and applies the ticked ones against the reviewed version', async () => {
    const asked = stubSuggestions();
    const onPrepare = vi.fn(async () => 7);
    const onApply = vi.fn(async () => undefined);
    await review(onApply, onPrepare);
    expect(onPrepare).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([{ instruction: 'Add a pricing slide' }]);
    expect(screen.getByText('New slide at position 3')).toBeInTheDocument();
    expect(screen.getByText('Slide 5: new description')).toBeInTheDocument();
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply 2 edits' }));
    expect(onApply).toHaveBeenCalledWith(EDITS, 7);
  });

  it('unticking an insert also unticks the edits that count on it', async () => {
    stubSuggestions();
    const onApply = vi.fn(async () => undefined);
    await review(onApply);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Apply edit 1/ }));
    const later = screen.getByRole('checkbox', { name: /^Apply edit 2/ });
    expect(later).not.toBeChecked();
    expect(later).toBeDisabled();
    expect(screen.getByText(/Needs edit 1, which is unticked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply 0 edits' })).toBeDisabled();
  });

  it('says so when the slides changed since the edits were suggested', async () => {
    stubSuggestions();
    await review(async () => Promise.reject(new ApiError(409, 'version_conflict', 'stale')));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply 2 edits' }));
    await waitFor(() => expect(within(dialog).getByText('The slides changed since these edits were suggested. Suggest them again.')).toBeInTheDocument());
  });
});
