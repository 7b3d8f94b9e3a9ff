import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotRequestEntry } from '@kickback/contracts';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import SlotRequestsPage from './slot-requests-page';
import { recordFetches } from '../testing/fetch-mocks';

const entry = (id: number, name: string, requesters: string[]): SlotRequestEntry => ({
  id,
  place: id,
  slot: { id: id + 10, name, provider: 'Pragmatic Play', image_url: null },
  requesters,
  requesters_count: requesters.length,
  created_at: new Date(Date.now() - 120_000).toISOString(),
});

describe('SlotRequestsPage', () => {
  it('lists next up first with its requesters, skips one, and says how many points clearing gives back before it clears', async () => {
    const requests = recordFetches((request) => {
      if (request.method === 'GET' && request.url === '/api/admin/slot-requests')
        return {
          body: {
            success: true,
            data: {
              queue: [entry(1, 'Gates of Olympus', ['luke', 'ann']), entry(2, 'Sugar Rush', ['bob'])],
              open: true,
              price: 10,
              refund: { requests: 2, points: 30 },
            },
          },
        };
      if (request.url === '/api/admin/slot-requests/2/skip') return { body: { success: true, data: { refunded: 10 } } };
      if (request.url === '/api/admin/slot-requests/clear') return { body: { success: true, data: { requests: 2, refunded: 30 } } };
      return undefined;
    });
    renderWithProviders(<SlotRequestsPage />, { user: adminFixture });

    const table = await screen.findByRole('table', { name: 'Slot requests, next up first' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Gates of Olympus Pragmatic Play', 'Sugar Rush Pragmatic Play']);
    expect(within(table).getByText('luke, ann')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Skip Sugar Rush' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/slot-requests/2/skip')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Clear queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the queue?' });
    expect(dialog).toHaveTextContent('2 requests will be removed and 30 points refunded to the requesters.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear queue' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/slot-requests/clear')).toBe(true));
  });
});
