import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotRequestEntry } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { SlotRequestsPanel } from './go-live-slot-requests';

const entry = (id: number, place: number, name: string, requesters: string[]): SlotRequestEntry => ({
  id,
  place,
  slot: { id: id * 10, name, provider: 'Pragmatic Play', image_url: null },
  requesters,
  requesters_count: requesters.length,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
});

describe('Go live: slot requests panel', () => {
  beforeEach(() => resetSocketForTests());

  it('lists next up first, records a played result, skips, reads again on a push, and clears after a confirmation naming the points', async () => {
    let queue = [entry(1, 1, 'Wanted', ['ann', 'bob']), entry(2, 2, 'Gates', ['cat'])];
    const calls = recordFetches((r) => {
      if (r.url === '/api/admin/slot-requests' && r.method === 'GET')
        return {
          body: {
            success: true,
            data: {
              queue,
              open: true,
              price: 20,
              refund: { requests: queue.length, points: 20 * queue.reduce((n, e) => n + e.requesters_count, 0) },
            },
          },
        };
      if (r.url === '/api/admin/slot-requests/1/played') return { body: { success: true, data: null, message: 'Marked as played.' } };
      if (r.url === '/api/admin/slot-requests/2/skip') return { body: { success: true, data: { refunded: 20 } } };
      if (r.url === '/api/admin/slot-requests/clear') return { body: { success: true, data: { requests: 1, refunded: 20 } } };
      return undefined;
    });
    renderWithProviders(<SlotRequestsPanel />, { user: adminFixture });
    const rows = await screen.findAllByTestId('go-live-slot-request');
    expect(rows.map((r) => within(r).getByText(/^\d\./).textContent)).toEqual(['1. Wanted Pragmatic Play', '2. Gates Pragmatic Play']);
    expect(rows[0]).toHaveTextContent('2 requesters: ann, bob · requested 5 minutes ago');
    expect(screen.getByTestId('go-live-slot-requests-summary')).toHaveTextContent('Requests are open; 2 requests in the queue.');

    fireEvent.change(screen.getByLabelText('Bet on Wanted (optional)'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('Win on Wanted (optional)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Played Wanted' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/slot-requests/1/played')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/admin/slot-requests/1/played')!.body))).toEqual({ bet: 2.5, win: 100 });

    fireEvent.click(screen.getByRole('button', { name: 'Skip Gates' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/slot-requests/2/skip')).toBe(true));

    // A request from chat: the live room's push makes the panel read the queue again.
    queue = [entry(3, 1, 'Sugar Rush', ['dan'])];
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('slot-requests:changed', { total: 1, next: queue, open: true, price: 0, at: new Date().toISOString() }));
    expect(await screen.findByText(/Sugar Rush/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear queue' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 request will be removed and 20 points refunded to the requesters.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear queue' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/slot-requests/clear' && c.method === 'POST')).toBe(true));
  });
});
