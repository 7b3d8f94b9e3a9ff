import { fireEvent, screen } from '@testing-library/react';
import type { AdminTicketCategory } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import TicketCategoriesPage from './ticket-categories-page';

const categories: AdminTicketCategory[] = [
  { id: 1, name: 'Account', description: 'Login and profile', position: 1, active: true },
  { id: 2, name: 'Old', description: '', position: 2, active: false },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Ticket Categories screen outline', () => {
  it('list, new form with its errors, edit form, archive confirmation', async () => {
    mockFetch(({ url, method }) =>
      url === '/api/admin/ticket-categories' && method === 'GET' ? { body: { success: true, data: categories } } : undefined,
    );
    renderWithProviders(<TicketCategoriesPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Category' }));
    await screen.findByText('The name field is required.');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Account' }));
    expect(screenOutline()).toMatchSnapshot('edit form');
    fireEvent.click(screen.getByRole('button', { name: 'Archive Account' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('archive confirmation');
  });

  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderWithProviders(<TicketCategoriesPage />, { user: adminFixture });
    await screen.findByText(/No categories yet/);
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<TicketCategoriesPage />, { user: adminFixture });
    await screen.findByText('Failed to load categories.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
