import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LicenseStatus } from '@/api/types';
import { apiErrorBody, mockApi } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import { LicenseDialog } from './LicenseDialog';

const license: LicenseStatus = {
  clientName: 'Acme Ltd',
  maxUsers: 25,
  issuedAt: '2025-01-01',
  expireDate: '2026-01-01',
  daysRemaining: 120,
};

function showLicense(body: LicenseStatus) {
  mockApi([{ method: 'GET', path: '/api/license/status', reply: { body } }]);
  renderWithProviders(<LicenseDialog open onClose={vi.fn()} />);
}

describe('LicenseDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every license field with formatted dates', async () => {
    showLicense(license);
    expect(await screen.findByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText('25')).toBeInTheDocument();
    expect(screen.getByText('January 1, 2025')).toBeInTheDocument();
    expect(screen.getByText('January 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('120')).not.toHaveAttribute('data-warning');
  });

  it('marks fewer than 30 remaining days in red', async () => {
    showLicense({ ...license, daysRemaining: 29 });
    expect(await screen.findByText('29')).toHaveAttribute('data-warning', 'true');
  });

  it('shows Invalid Date for a bad date', async () => {
    showLicense({ ...license, expireDate: 'soon' });
    expect(await screen.findByText('Invalid Date')).toBeInTheDocument();
  });

  it('says the license is unavailable on 404', async () => {
    mockApi([{ method: 'GET', path: '/api/license/status', reply: { status: 404, body: apiErrorBody('license_unavailable') } }]);
    renderWithProviders(<LicenseDialog open onClose={vi.fn()} />);
    expect(await screen.findByText('License information unavailable')).toBeInTheDocument();
  });
});
