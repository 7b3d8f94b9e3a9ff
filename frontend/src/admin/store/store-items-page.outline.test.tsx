import { fireEvent, screen } from '@testing-library/react';
import type { AdminStoreCode, AdminStoreItem } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import StoreItemsPage from './store-items-page';
import { item as storeItem } from '../../test/store-items-fixtures';

// The shared item, with the description and image this screen's outline was recorded with.
const item = (over: Partial<AdminStoreItem>): AdminStoreItem =>
  storeItem({ description: 'A $10 card', image_url: '/uploads/gift.webp', ...over });

const items = [
  item({}),
  item({
    id: 2,
    name: 'Shout-out',
    image_url: null,
    fulfilment: 'manual',
    quantity: null,
    max_purchases_per_user: 1,
    redemptions_count: 0,
    pending_count: 0,
    is_active: false,
  }),
];

const codes: AdminStoreCode[] = [
  { id: 5, code: 'FREE-1', redemption_id: null, assigned_at: null, created_at: '2026-11-22T00:00:00Z' },
  { id: 4, code: 'USED-1', redemption_id: 9, assigned_at: '2026-11-29T07:00:00.000Z', created_at: '2026-11-22T00:00:00Z' },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Store Items screen outline', () => {
  beforeAll(() => {
    jest.useFakeTimers({
      now: new Date('2026-11-29T09:00:00.000Z'),
      doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
  });
  afterAll(() => jest.useRealTimers());

  // Seven states in one walk: on a machine shared by several test runs it can outlast jest's default 5 s.
  it('list, new form with its errors, edit form, codes panel, remove confirmations', async () => {
    mockFetch(({ url, method }) => {
      if (url === '/api/admin/store-items' && method === 'GET') return { body: { success: true, data: items } };
      if (url === '/api/admin/store-items/1/codes' && method === 'GET') return { body: { success: true, data: codes } };
      return undefined;
    });
    renderWithProviders(<StoreItemsPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    await screen.findByText('Name is required');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gift Card' }));
    expect(screenOutline()).toMatchSnapshot('edit form');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Codes for Gift Card' }));
    await screen.findByText('FREE-1');
    expect(screenOutline()).toMatchSnapshot('codes panel');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gift Card' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('remove confirmation, archived');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Shout-out' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('remove confirmation, deleted');
  }, 30_000);

  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderWithProviders(<StoreItemsPage />, { user: adminFixture });
    await screen.findByText(/No items yet/);
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<StoreItemsPage />, { user: adminFixture });
    await screen.findByText('Failed to load store items.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
