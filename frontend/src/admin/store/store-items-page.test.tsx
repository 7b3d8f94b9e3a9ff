import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import StoreItemsPage from './store-items-page';
import { item } from '../../test/store-items-fixtures';
import { recordFetches } from '../testing/fetch-mocks';

describe('StoreItemsPage', () => {
  it('lists items with stock, limits and code pools; validates and creates an item with unlimited stock', async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/store-items' && request.method === 'GET')
        return {
          body: {
            success: true,
            data: [item({}), item({ id: 2, name: 'Shout-out', fulfilment: 'manual', quantity: null, max_purchases_per_user: 1 })],
          },
        };
      if (request.url === '/api/admin/store-items' && request.method === 'POST')
        return { body: { success: true, data: item({ id: 3, name: 'Mug' }) } };
      return undefined;
    });
    renderWithProviders(<StoreItemsPage />, { user: adminFixture });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Code (0 left)')).toHaveClass('field-error');
    expect(within(rows[1]!).getByText('1 pending')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Unlimited')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1 per user')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Codes/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Cost must be at least 1')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mug' } });
    fireEvent.change(screen.getByLabelText('Cost (points)'), { target: { value: '750' } });
    fireEvent.change(screen.getByLabelText('Max purchases per user'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Mug',
      description: '',
      image_url: null,
      cost: 750,
      quantity: null,
      max_purchases_per_user: 2,
      category: 'general',
      is_active: true,
      fulfilment: 'manual',
      is_casino_bonus: false,
      value_usd: '0',
    });
  });
});
