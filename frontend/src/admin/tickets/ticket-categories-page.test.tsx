import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminTicketCategory } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import TicketCategoriesPage from './ticket-categories-page';

const category = (over: Partial<AdminTicketCategory>): AdminTicketCategory => ({
  id: 1,
  name: 'Account',
  description: 'Login and profile',
  position: 1,
  active: true,
  ...over,
});

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('TicketCategoriesPage', () => {
  it('lists categories, validates and creates one after the last, edits one and archives one in use', async () => {
    let list = [
      category({}),
      category({ id: 2, name: 'Raffles', description: '', position: 2 }),
      category({ id: 3, name: 'Old', position: 3, active: false }),
    ];
    const requests = recordFetches((request) => {
      const { url, method } = request;
      if (url === '/api/admin/ticket-categories' && method === 'GET') return { body: { success: true, data: list } };
      if (url === '/api/admin/ticket-categories' && method === 'POST')
        return { status: 201, body: { success: true, data: category({ id: 4, name: 'Store', position: 4 }) } };
      if (url === '/api/admin/ticket-categories/2' && method === 'PUT')
        return { body: { success: true, data: category({ id: 2, name: 'Raffles & Giveaways', position: 2 }) } };
      if (url === '/api/admin/ticket-categories/1' && method === 'DELETE') {
        list = list.map((c) => (c.id === 1 ? { ...c, active: false } : c));
        return { body: { success: true, message: 'Category is in use and was deactivated.', data: { deleted: false } } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<TicketCategoriesPage />, { user: adminFixture });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText('Archived')).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button', { name: /Archive/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(screen.getByLabelText('Order')).toHaveValue('4');
    fireEvent.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Store' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Redemptions and codes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Store created'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ name: 'Store', description: 'Redemptions and codes', position: 4, active: true });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Raffles' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Raffles & Giveaways' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Raffles & Giveaways updated'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ name: 'Raffles & Giveaways', description: '', position: 2, active: true });

    fireEvent.click(screen.getByRole('button', { name: 'Archive Account' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Category is in use and was deactivated.'));
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]!).getByText('Archived')).toBeInTheDocument());
  });

  it('shows the load failure', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<TicketCategoriesPage />, { user: adminFixture });
    expect(await screen.findByText('Failed to load categories.')).toBeInTheDocument();
  });
});
