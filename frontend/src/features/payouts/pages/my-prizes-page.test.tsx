import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyPrize } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { failingUntilRecovered, mockFetch } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import MyPrizesPage from './my-prizes-page';

const prize = (id: number, over: Partial<MyPrize> = {}): MyPrize => ({
  id,
  source: 'raffle',
  subject: { title: `Raffle ${id}`, path: `/raffles/${id}` },
  place: 1,
  prize: `Headset ${id}`,
  amount: null,
  currency: null,
  status: 'waiting_approval',
  reason: null,
  claim_deadline: '2026-12-01T12:00:00.000Z',
  proof: { reference: null, url: null, image: null },
  created_at: '2026-11-29T08:00:00.000Z',
  status_changed_at: '2026-11-29T08:00:00.000Z',
  paid_at: null,
  ...over,
});

describe('MyPrizesPage', () => {
  beforeEach(() => resetSocketForTests());

  it('asks a visitor to log in', () => {
    renderWithProviders(<MyPrizesPage />, { user: null });
    expect(screen.getByText('Log in to see your prizes.')).toBeInTheDocument();
  });

  it('lists the prizes and follows their changes and new ones from the member room, without a read', async () => {
    const fetchMock = mockFetch((request) =>
      request.url === '/api/r/payouts/mine?page=1'
        ? { body: { success: true, data: [prize(4)], pagination: { current_page: 1, last_page: 1, per_page: 24, total: 1 } } }
        : undefined,
    );
    renderWithProviders(<MyPrizesPage />, { user: memberFixture });
    const row = await screen.findByTestId('my-prize-4');
    expect(within(row).getByTestId('my-prize-status-4')).toHaveTextContent('Waiting approval');
    expect(within(row).getByText(/Claim by/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Raffle 4' })).toHaveAttribute('href', '/raffles/4');

    const socket = (await getSocket()) as unknown as FakeSocket;
    const paid = prize(4, {
      status: 'paid',
      paid_at: '2026-11-29T09:00:00.000Z',
      proof: { reference: '0xabc', url: 'https://explorer.example/tx', image: null },
    });
    // The page listens once its data is there; a push repeated until then changes nothing more (it replaces the row).
    await waitFor(() => {
      act(() => socket.serverEmit('payout:changed', { prize: paid }));
      expect(within(screen.getByTestId('my-prize-4')).getByTestId('my-prize-status-4')).toHaveTextContent('Paid');
    });
    expect(within(screen.getByTestId('my-prize-4')).getByTestId('payout-proof')).toHaveTextContent('Transaction: 0xabc');
    expect(within(screen.getByTestId('my-prize-4')).queryByText(/Claim by/)).not.toBeInTheDocument();

    act(() =>
      socket.serverEmit('payout:changed', { prize: prize(9, { source: 'leaderboard', prize: '$75.00', amount: 75, currency: '$' }) }),
    );
    const order = () =>
      within(screen.getByTestId('my-prizes'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-testid'));
    await waitFor(() => expect(order()).toEqual(['my-prize-9', 'my-prize-4']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when the member has no prize yet, and offers another read when the list fails', async () => {
    const server = failingUntilRecovered('/api/r/payouts/mine?page=1', () => ({
      body: { success: true, data: [], pagination: { current_page: 1, last_page: 1, per_page: 24, total: 0 } },
    }));
    renderWithProviders(<MyPrizesPage />, { user: memberFixture });
    expect(await screen.findByText('Failed to load your prizes')).toBeInTheDocument();
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No prizes yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the raffles' })).toHaveAttribute('href', '/raffles');
  });
});
