import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRedemption } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import StoreRedemptionsPage from './store-redemptions-page';
import { recordFetches } from '../testing/fetch-mocks';

const row = (id: number, status: AdminRedemption['status']): AdminRedemption => ({
  id,
  status,
  cost: 500,
  item: { id: 1, name: 'Shout-out', fulfilment: 'manual' },
  user: { id: 9, username: 'luke', kick_username: 'luke' },
  code: null,
  created_at: new Date().toISOString(),
  processed_at: status === 'pending' ? null : new Date().toISOString(),
  processed_by: status === 'pending' ? null : 'boss',
});

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items;

describe('StoreRedemptionsPage', () => {
  beforeEach(() => resetSocketForTests());

  it('lists pending first with actions, marks one processed, and refetches and toasts on a live push', async () => {
    let processed = false;
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/admin/store-redemptions?status=all&page=1')) {
        const data = processed ? [row(8, 'processed'), row(7, 'processed')] : [row(8, 'pending'), row(7, 'processed')];
        return {
          body: {
            success: true,
            data,
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: 2 },
            pending_total: processed ? 0 : 1,
          },
        };
      }
      if (request.url === '/api/admin/store-redemptions/8/process' && request.method === 'POST') {
        processed = true;
        return { body: { success: true, message: 'Redemption marked as processed.' } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<StoreRedemptionsPage />, { user: adminFixture });
    const pending = await screen.findByTestId('admin-redemption-8');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-redemption-7')).queryByRole('button')).toBeNull();
    expect(screen.getByText('1 pending')).toBeInTheDocument();

    fireEvent.click(within(pending).getByRole('button', { name: 'Mark redemption 8 processed' }));
    await waitFor(() => expect(within(screen.getByTestId('admin-redemption-8')).getByText('Processed')).toBeInTheDocument());
    expect(toasts(store)).toEqual([expect.objectContaining({ type: 'success', message: 'Redemption #8 marked as processed' })]);

    const socket = (await getSocket()) as unknown as FakeSocket;
    const before = requests.filter((r) => r.method === 'GET').length;
    act(() => socket.serverEmit('store:admin-redemption', { id: 9, status: 'pending', item_name: 'Hoodie', username: 'ann' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(before));
    expect(toasts(store).map((t) => t.message)).toContain('New redemption #9: Hoodie for ann');
  });

  it('refunds only once the admin confirms, and says so', async () => {
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/admin/store-redemptions?'))
        return {
          body: {
            success: true,
            data: [row(8, 'pending')],
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
            pending_total: 1,
          },
        };
      if (request.url === '/api/admin/store-redemptions/8/refund') return { body: { success: true, message: 'Refunded.' } };
      return undefined;
    });
    const { store } = renderWithProviders(<StoreRedemptionsPage />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund redemption 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund redemption?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/admin/store-redemptions/8/refund']);
    expect(toasts(store)).toEqual([expect.objectContaining({ type: 'success', message: 'Refunded 500 points to luke' })]);
  });
});
