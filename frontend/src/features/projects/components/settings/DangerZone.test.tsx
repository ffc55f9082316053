import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { EditorSession } from '../../editor/session';
import { aProject, aSlide } from '../../editor/testData';
import { DangerZone } from './DangerZone';

describe('DangerZone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs the title typed (any case), then the confirmation, then deletes for good', async () => {
    const project = aProject([aSlide('a')], { title: 'Board Update' });
    const { calls } = mockApi([{ method: 'DELETE', path: `/api/projects/${project._id}`, reply: { status: 204 } }]);
    const session = new EditorSession(project, { save: vi.fn(), load: vi.fn(), storage: null });
    const onDeleted = vi.fn();
    renderWithProviders(<DangerZone projectId={project._id} title={project.title} session={session} onDeleted={onDeleted} />);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Project title' });
    const proceed = within(dialog).getByRole('button', { name: 'Delete Project' });
    await userEvent.type(input, 'board');
    expect(within(dialog).getByText('Project name does not match')).toBeInTheDocument();
    expect(proceed).toBeDisabled();
    await userEvent.type(input, ' UPDATE');
    expect(proceed).toBeEnabled();
    await userEvent.click(proceed);

    const confirm = await screen.findByRole('dialog', { name: 'Delete project?' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this project? This action cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: `/api/projects/${project._id}` });
  });
});
