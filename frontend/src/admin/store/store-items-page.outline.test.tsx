import { screen } from '@testing-library/react';
import type { AdminStoreCode, AdminStoreItem } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import * as outline from '../testing/outline-steps';
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
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  // Seven states in one walk: on a machine shared by several test runs it can outlast jest's default 5 s.
  it('list, new form with its errors, edit form, codes panel, remove confirmations', async () => {
    mockFetch(({ url, method }) => {
      if (url === '/api/admin/store-items' && method === 'GET') return { body: { success: true, data: items } };
      if (url === '/api/admin/store-items/1/codes' && method === 'GET') return { body: { success: true, data: codes } };
      return undefined;
    });
    await outline.recordList(<StoreItemsPage />);
    await outline.recordNewFormErrors('Add Item', 'Save Item', 'Name is required');
    outline.recordEditForm('Gift Card');
    outline.clickButton('Cancel');
    outline.clickButton('Codes for Gift Card');
    await screen.findByText('FREE-1');
    expect(screenOutline()).toMatchSnapshot('codes panel');
    outline.clickButton('Close');
    outline.recordConfirmation('Remove Gift Card', 'remove confirmation, archived');
    outline.clickButton('Cancel');
    outline.recordConfirmation('Remove Shout-out', 'remove confirmation, deleted');
  }, 30_000);

  outline.itRecordsEmptyAndFailedLists(() => <StoreItemsPage />, /No items yet/, 'Failed to load store items.');
});
