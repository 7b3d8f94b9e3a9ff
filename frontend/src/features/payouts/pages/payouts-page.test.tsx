import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayoutMonthTotal, PublicPayout } from '@kickback/contracts';
import { failingUntilRecovered, mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { recordFetches } from '../../../test/fetch-mocks';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import PayoutsPage from './payouts-page';

const paid = (id: number, over: Partial<PublicPayout> = {}): PublicPayout => ({
  id,
  source: 'raffle',
  subject: { title: `Raffle ${id}`, path: `/raffles/${id}` },
  recipient: 'lu*******',
  prize: `Headset ${id}`,
  amount: null,
  currency: null,
  value_usd: 120,
  paid_at: '2026-11-29T09:00:00.000Z',
  proof: { reference: '0xabc', url: null, image: null },
  ...over,
});

const answer = (data: PublicPayout[], months: PayoutMonthTotal[]) => ({
  body: { success: true, data, months, pagination: { current_page: 1, last_page: 1, per_page: 24, total: data.length } },
});

describe('PayoutsPage', () => {
  beforeEach(() => resetSocketForTests());

  it('follows room payouts: a prize marked paid elsewhere shows without a reload, with the month totals read again', async () => {
    let rows = [paid(4)];
    const requests = recordFetches((r) =>
      r.url === '/api/r/payouts?page=1'
        ? answer(rows, [{ month: '2026-11', total_usd: 120 * rows.length, count: rows.length }])
        : undefined,
    );
    renderWithProviders(<PayoutsPage />);
    await screen.findByTestId('payout-4');
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverConnect());
    await waitFor(() => expect(socket.emitted).toContainEqual(['room:join', 'payouts']));

    rows = [paid(5), paid(4)];
    act(() => socket.serverEmit('payouts:paid', { ids: [5] }));
    expect(await screen.findByTestId('payout-5')).toHaveTextContent('Headset 5');
    expect(screen.getByRole('table', { name: 'Dollars paid per month, newest first' })).toHaveTextContent('$240.00');
    expect(requests.filter((r) => r.url === '/api/r/payouts?page=1')).toHaveLength(2);
  });

  it('lists paid prizes with their masked winner, source, proof where published, and the dollars paid per month', async () => {
    mockFetch((r) =>
      r.url === '/api/r/payouts?page=1'
        ? answer(
            [
              paid(4),
              paid(3, {
                source: 'race',
                subject: { title: 'Weekend race', path: '/races/3' },
                recipient: 'Ma*********',
                prize: '$50.00',
                proof: null,
              }),
            ],
            [
              { month: '2026-11', total_usd: 170, count: 2 },
              { month: '2026-10', total_usd: 1250.5, count: 7 },
            ],
          )
        : undefined,
    );
    renderWithProviders(<PayoutsPage />);

    const first = await screen.findByTestId('payout-4');
    expect(first).toHaveTextContent('lu*******');
    expect(within(first).getByRole('link', { name: 'Raffle 4' })).toHaveAttribute('href', '/raffles/4');
    expect(within(first).getByTestId('payout-proof')).toHaveTextContent('Transaction: 0xabc');
    // A source whose proof the streamer does not publish shows the payment without it.
    const race = screen.getByTestId('payout-3');
    expect(race).toHaveTextContent('Ma*********');
    expect(within(race).getByRole('link', { name: 'Weekend race' })).toHaveAttribute('href', '/races/3');
    expect(within(race).queryByTestId('payout-proof')).toBeNull();

    const months = screen.getByRole('table', { name: 'Dollars paid per month, newest first' });
    expect(
      within(months)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['November 2026$170.002', 'October 2026$1,250.507']);
  });

  it('says when nothing is paid yet, and offers another read when the list fails', async () => {
    const server = failingUntilRecovered('/api/r/payouts?page=1', () => answer([], []));
    renderWithProviders(<PayoutsPage />);
    expect(await screen.findByText('Failed to load payouts')).toBeInTheDocument();
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
