import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminRedemption } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import StoreRedemptionsPage from './store-redemptions-page';
import * as outline from '../testing/outline-steps';

const redemptions: AdminRedemption[] = [
  {
    id: 8,
    status: 'pending',
    cost: 1500,
    item: { id: 1, name: 'Shout-out', fulfilment: 'manual' },
    user: { id: 9, username: 'luke', kick_username: 'luke_kick' },
    code: null,
    created_at: '2026-11-29T08:00:00.000Z',
    processed_at: null,
    processed_by: null,
  },
  {
    id: 7,
    status: 'processed',
    cost: 500,
    item: { id: 2, name: 'Gift Card', fulfilment: 'code' },
    user: { id: 10, username: 'ann', kick_username: null },
    code: 'GIFT-1234',
    created_at: '2026-11-28T08:00:00.000Z',
    processed_at: '2026-11-28T09:00:00.000Z',
    processed_by: 'boss',
  },
];

const page = (data: AdminRedemption[], lastPage = 1) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: lastPage, per_page: 25, total: data.length }, pending_total: 1 },
});

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Redemptions screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list with paging, the refund confirmation, a filter, empty and failed', async () => {
    mockFetch(({ url }) => {
      if (url.includes('status=all')) return page(redemptions, 2);
      if (url.includes('status=processed')) return page([redemptions[1]!]);
      return page([]);
    });
    const { unmount } = await outline.recordList(<StoreRedemptionsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund redemption 8' }));
    expect(screenOutline()).toMatchSnapshot('refund confirmation');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'processed' } });
    await waitFor(() => expect(screen.queryByText('Shout-out')).toBeNull());
    expect(screenOutline()).toMatchSnapshot('filtered');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'refunded' } });
    await screen.findByText('No redemptions here.');
    expect(screenOutline()).toMatchSnapshot('filtered to nothing');
    unmount();
    await outline.recordFailedList(<StoreRedemptionsPage />, 'Failed to load redemptions.');
  });
});
