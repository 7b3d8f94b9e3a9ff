import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotCatalogueItem } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { recordFetches } from '../../../test/fetch-mocks';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { slotFixture } from '../../../test/slot-fixtures';
import SlotsPage from './slots-page';

const gates: SlotCatalogueItem = slotFixture({
  id: 7,
  name: 'Gates of Olympus',
  provider: { id: 2, name: 'Pragmatic Play' },
  rtp: [96.5],
  volatility: 'high',
  max_win_x: 5000,
  figures: {
    times_opened: 3,
    total_bet: 30,
    total_won: 570,
    average_multiplier: 18,
    best_multiplier: 50,
    biggest_win: 500,
    biggest_win_hunt: { id: 4, name: 'Bonus Hunt #4' },
    last_played_at: '2026-11-28T20:00:00.000Z',
  },
});

describe('SlotsPage', () => {
  beforeEach(() => resetSocketForTests());

  it('reads its sort and filters from the URL, shows the figures, and requests a slot from the catalogue by its id', async () => {
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/r/slots?'))
        return { body: { success: true, data: [gates], pagination: { current_page: 1, last_page: 1, per_page: 24, total: 1 } } };
      if (request.url === '/api/r/slot-requests' && request.method === 'GET')
        return { body: { success: true, data: { queue: [], open: true, price: 25 } } };
      if (request.url === '/api/r/slot-requests' && request.method === 'POST')
        return {
          status: 201,
          body: {
            success: true,
            message: 'Your request is in the queue.',
            data: {
              merged: false,
              points_spent: 25,
              request: {
                id: 1,
                place: 1,
                slot: { id: 7, name: 'Gates of Olympus', provider: 'Pragmatic Play', image_url: null },
                requesters: ['luke'],
                requesters_count: 1,
                created_at: '2026-11-29T09:00:00.000Z',
              },
            },
          },
        };
      return undefined;
    });
    renderWithProviders(<SlotsPage />, { user: memberFixture, route: '/?sort=best_average&volatility=high&rtp_min=96' });

    const table = await screen.findByRole('table', { name: 'Slots by best average ×' });
    const row = within(table).getByRole('row', { name: /Gates of Olympus/ });
    expect(row).toHaveTextContent('96.5%');
    expect(row).toHaveTextContent('$500.00');
    expect(requests.find((r) => r.url.startsWith('/api/r/slots?'))!.url).toBe(
      '/api/r/slots?sort=best_average&page=1&volatility=high&rtp_min=96',
    );
    expect(await screen.findByTestId('slot-requests-status')).toHaveTextContent(
      'Slot requests are open: 25 points a request, 0 in the queue.',
    );

    // The queue's room says its new size; the line follows without a read.
    const socket = (await getSocket()) as unknown as FakeSocket;
    const push = (total: number, price: number, open = true) =>
      act(() => socket.serverEmit('slot-requests:changed', { total, next: [], open, price, at: new Date().toISOString() }));
    push(4, 25);
    await waitFor(() =>
      expect(screen.getByTestId('slot-requests-status')).toHaveTextContent('Slot requests are open: 25 points a request, 4 in the queue.'),
    );
    // A change of the rules comes the same way: the price the admin just set, then (at the end) requests closed.
    push(4, 40);
    await waitFor(() =>
      expect(screen.getByTestId('slot-requests-status')).toHaveTextContent('Slot requests are open: 40 points a request, 4 in the queue.'),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Request Gates of Olympus' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body as string)).toEqual({ slot_id: 7 });

    push(4, 40, false);
    await waitFor(() => expect(screen.queryByTestId('slot-requests-status')).toBeNull());
  });
});
