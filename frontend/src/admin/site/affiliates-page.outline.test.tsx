import { fireEvent, screen } from '@testing-library/react';
import type { AdminAffiliate } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import AffiliatesPage from './affiliates-page';

const affiliates: AdminAffiliate[] = [
  {
    id: 1,
    name: 'Stake',
    logo_url: '/uploads/stake.webp',
    redirect_url: 'https://stake.example/?c=kick',
    code: 'KICK',
    benefits: ['200% deposit bonus', 'Weekly rakeback'],
    position: 1,
    is_active: true,
    countries: { mode: 'except', countries: ['GB'] },
  },
  {
    id: 2,
    name: 'Roobet',
    logo_url: null,
    redirect_url: 'https://roobet.example',
    code: 'RB',
    benefits: [],
    position: 2,
    is_active: false,
    countries: { mode: 'everywhere', countries: [] },
  },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Affiliates screen outline', () => {
  it('list, new form with its errors, edit form, delete confirmation', async () => {
    mockFetch(({ url, method }) =>
      url === '/api/admin/affiliates' && method === 'GET' ? { body: { success: true, data: affiliates } } : undefined,
    );
    renderWithProviders(<AffiliatesPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'Add Affiliate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Affiliate' }));
    await screen.findByText('Name is required');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Stake' }));
    expect(screenOutline()).toMatchSnapshot('edit form');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Stake' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('delete confirmation');
  });

  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderWithProviders(<AffiliatesPage />, { user: adminFixture });
    await screen.findByText(/No affiliates yet/);
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<AffiliatesPage />, { user: adminFixture });
    await screen.findByText('Failed to load affiliates.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
