import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { anAdmin, aTag, aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { TagsPage } from './TagsPage';

const finance = aTag();
const shared = aTag({ _id: '01JTAG000000000000000000002', name: 'Company', public: true, ownerId: anAdmin._id });

describe('TagsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists own and public tags; only the owner may delete', async () => {
    mockApi([{ method: 'GET', path: '/api/tags', reply: { body: [finance, shared] } }]);
    renderWithProviders(<TagsPage user={aUser} />);
    expect(await screen.findByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('Shared by another user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete tag “Finance”' })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Only the tag's owner or an Admin can delete it" })).toBeDisabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('gives Admins the public toggle', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [finance] } },
      { method: 'PUT', path: `/api/tags/${finance._id}`, reply: { body: { ...finance, public: true } } },
    ]);
    renderWithProviders(<TagsPage user={anAdmin} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Make “Finance” public' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ public: true });
  });

  it('ignores a blank new tag and adds a trimmed one as private', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [] } },
      { method: 'POST', path: '/api/tags', reply: { status: 201, body: aTag({ name: 'Q3' }) } },
    ]);
    renderWithProviders(<TagsPage user={aUser} />);
    expect(await screen.findByText('No tags yet. Add your first tag above.')).toBeInTheDocument();
    const input = screen.getByLabelText('New tag');
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '  Q3 {enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Q3', public: false }));
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('translates tag_exists under the input', async () => {
    mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [finance] } },
      { method: 'POST', path: '/api/tags', reply: { status: 409, body: apiErrorBody('tag_exists', 'x', { name: 'Finance' }) } },
    ]);
    renderWithProviders(<TagsPage user={aUser} />);
    await userEvent.type(await screen.findByLabelText('New tag'), 'Finance{enter}');
    expect(await screen.findByText('You already have a tag named “Finance”')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/tags', reply: { body: [finance] } },
      { method: 'DELETE', path: `/api/tags/${finance._id}`, reply: { status: 204 } },
    ]);
    renderWithProviders(<TagsPage user={aUser} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tag “Finance”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete tag?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete tag “Finance”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Tag deleted')).toBeInTheDocument();
  });
});
