import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { AppShell } from './AppShell';

/** A viewport `width` px wide, as MUI's useMediaQuery reads it. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() };
  });
}

describe('AppShell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone, opens the drawer over the page and closes it when a page is chosen', async () => {
    viewport(390);
    mockApi([]);
    renderWithProviders(<AppShell appTitle="Slidewright" actions={null}><p>page</p></AppShell>);
    // Closed, the phone drawer takes no room at all (no icon rail beside the page).
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    const nav = await screen.findByRole('navigation');
    // Over the page: a modal drawer with its own backdrop, labels shown, announced by its name.
    expect(nav.closest('.MuiModal-root')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Main navigation' })).toContainElement(nav);
    await userEvent.click(within(nav).getByRole('link', { name: 'Tags' }));
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
  });

  it('on a desktop, keeps the collapsible rail beside the page', () => {
    viewport(1440);
    mockApi([]);
    renderWithProviders(<AppShell appTitle="Slidewright" actions={null}><p>page</p></AppShell>);
    const nav = screen.getByRole('navigation');
    expect(nav.closest('.MuiModal-root')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nav.closest('[aria-label="Main navigation"]')).toBe(nav);
    expect(within(nav).getByRole('link', { name: 'Tags' })).toBeInTheDocument();
  });
});
