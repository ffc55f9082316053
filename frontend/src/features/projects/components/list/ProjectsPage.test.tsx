import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { aProject, aSlide } from '../../editor/testData';
import type { ProjectSummary } from '../../types';
import { ProjectsPage } from './ProjectsPage';

const summary: ProjectSummary = {
  _id: '01JPROJECT0000000000000001',
  title: 'Quarterly review',
  description: 'Results and plans',
  lang: 'en',
  numSlides: 3,
  pptxFileId: '01JPPTX000000000000000001',
  slideNumbers: [1, null, 7],
  version: 3,
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-02T10:00:00Z',
  deletedAt: null,
};

describe('ProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state', async () => {
    mockApi([{ method: 'GET', path: '/api/projects', reply: { body: [] } }]);
    renderWithProviders(<ProjectsPage />);
    expect(await screen.findByText('No projects found. Create a new project to get started!')).toBeInTheDocument();
  });

  it('moves a project to the trash and brings it back with Undo', async () => {
    const { calls } = mockApi([
      { method: 'GET', path: '/api/projects', reply: { body: [summary] } },
      { method: 'DELETE', path: `/api/projects/${summary._id}`, reply: { status: 204 } },
      { method: 'POST', path: `/api/projects/${summary._id}/restore`, reply: { body: { ...summary, slides: [] } } },
    ]);
    renderWithProviders(<ProjectsPage />);
    const row = await screen.findByRole('link', { name: /Quarterly review/ });
    expect(row).toHaveAttribute('href', `/projects/${summary._id}`);
    await userEvent.click(screen.getByRole('button', { name: 'More actions for “Quarterly review”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('“Quarterly review” moved to the trash');
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/projects/${summary._id}`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/restore'))).toBe(true));
  });

  it('plays the deck full screen and steps with the arrow keys', async () => {
    const slides = [aSlide('s1', { pptxSlideNumber: 1 }), aSlide('s2'), aSlide('s3', { pptxSlideNumber: 7 })];
    const none = { status: 'none', hash: null, url: null, errorCode: null, errorMessage: null } as const;
    mockApi([
      { method: 'GET', path: '/api/projects', reply: { body: [summary] } },
      { method: 'GET', path: `/api/projects/${summary._id}`, reply: { body: aProject(slides, { _id: summary._id }) } },
      {
        method: 'GET',
        path: `/api/projects/${summary._id}/previews`,
        reply: { body: { projectId: summary._id, version: 3, pending: 0, slides: slides.map((slide) => ({ ...none, slideId: slide.id })) } },
      },
    ]);
    renderWithProviders(<ProjectsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for “Quarterly review”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play' }));
    const show = await screen.findByRole('dialog');
    expect(within(show).getByText('1 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(show).getByText('2 / 3')).toBeInTheDocument();
    // The second slide has no template slide yet.
    expect(within(show).getByText('No template slide chosen for this slide yet')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
