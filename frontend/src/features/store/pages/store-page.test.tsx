import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StoreData, StoreRedemption } from '@kickback/contracts';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture, viewerSafetyFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import StorePage from './store-page';

const base = { description: '', image: null, category: 'perks', fulfilment: 'manual' as const, is_casino_bonus: false };
const storeData = (): StoreData => ({
  user_points: 1000,
  store_items: [
    { ...base, id: 1, name: 'Shout-out', cost: 500, quantity: null, max_purchases_per_user: null, user_purchases: 0 },
    { ...base, id: 2, name: 'Hoodie', cost: 7500, quantity: 3, max_purchases_per_user: null, user_purchases: 0 },
    { ...base, id: 3, name: 'Mug', cost: 100, quantity: 0, max_purchases_per_user: null, user_purchases: 0 },
    { ...base, id: 4, name: 'VIP', cost: 100, quantity: 10, max_purchases_per_user: 1, user_purchases: 1 },
  ],
  recent_redemptions: [],
  community_purchases: [],
  categories: ['perks'],
});

const pending: StoreRedemption = {
  id: 77,
  item: { id: 1, name: 'Shout-out', image: null, cost: 500 },
  created_at: new Date().toISOString(),
  is_processed: false,
  status: 'pending',
  code: null,
};

function serve(redeem: (request: TestRequest) => { status?: number; body: unknown } | undefined) {
  let redeemed = false;
  const requests = recordFetches((request) => {
    // After a successful redeem the server's store answer includes it, like the real one.
    if (request.url.startsWith('/api/r/store?'))
      return {
        body: { success: true, data: redeemed ? { ...storeData(), user_points: 500, recent_redemptions: [pending] } : storeData() },
      };
    if (request.url.startsWith('/api/r/points/history'))
      return {
        body: {
          success: true,
          data: { balance: 1000, entries: [], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
        },
      };
    if (request.url === '/api/r/store/1/redeem') {
      const answer = redeem(request);
      redeemed = (answer?.status ?? 200) === 200;
      return answer;
    }
    return undefined;
  });
  return requests;
}

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items;

describe('StorePage', () => {
  beforeEach(() => resetSocketForTests());

  it("says points have no cash value (the admin's text) in the store and the points history; a casino bonus carries 18+ and help", async () => {
    const casinoBonus = { ...storeData().store_items[0]!, id: 5, name: 'Casino bonus', is_casino_bonus: true };
    mockFetch((request) =>
      request.url.startsWith('/api/r/store?')
        ? { body: { success: true, data: { ...storeData(), store_items: [...storeData().store_items, casinoBonus] } } }
        : request.url.startsWith('/api/r/points/history')
          ? {
              body: {
                success: true,
                data: { balance: 1000, entries: [], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
              },
            }
          : undefined,
    );
    renderWithProviders(<StorePage />, { user: memberFixture, safety: viewerSafetyFixture({ no_cash_value: 'Points are not money.' }) });
    const bonus = await screen.findByTestId('store-item-5');
    expect(within(bonus).getByTestId('offer-notice')).toHaveTextContent('18+');
    expect(within(bonus).getByRole('link', { name: /BeGambleAware/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('store-item-1')).queryByTestId('offer-notice')).toBeNull();
    const history = await screen.findByRole('region', { name: 'Points History' });
    expect(within(history).getByTestId('no-cash-value')).toHaveTextContent('Points are not money.');
    expect(screen.getAllByTestId('no-cash-value').filter((el) => !history.contains(el))).toHaveLength(1);
  });

  it('shows every button state of SPEC §4', async () => {
    serve(() => undefined);
    renderWithProviders(<StorePage />, { user: memberFixture });
    expect(await screen.findByTestId('points-banner')).toHaveTextContent('1,000');
    expect(within(screen.getByTestId('store-item-1')).getByRole('button')).toHaveTextContent('Redeem');
    expect(within(screen.getByTestId('store-item-2')).getByRole('button')).toHaveTextContent('Not Enough Points');
    expect(within(screen.getByTestId('store-item-3')).getByRole('button')).toHaveTextContent('Out of Stock');
    expect(within(screen.getByTestId('store-item-4')).getByRole('button')).toHaveTextContent('Purchase Limit Reached');
    expect(within(screen.getByTestId('store-item-2')).getByRole('button')).toBeDisabled();
  });

  it('confirms with current points, cost and points after, redeems once with an Idempotency-Key, and shows Pending then Processed live', async () => {
    const requests = serve(() => ({
      body: {
        success: true,
        message: 'Item redeemed successfully!',
        data: { redemption: pending, user_points: 500, item: { id: 1, quantity: null, user_purchases: 1 }, replayed: false },
      },
    }));
    const { store } = renderWithProviders(<StorePage />, { user: memberFixture });
    fireEvent.click(within(await screen.findByTestId('store-item-1')).getByRole('button', { name: 'Redeem' }));
    expect(screen.getByTestId('confirm-current')).toHaveTextContent('1,000');
    expect(screen.getByTestId('confirm-cost')).toHaveTextContent('-500');
    expect(screen.getByTestId('confirm-after')).toHaveTextContent('500');
    const confirm = screen.getByRole('button', { name: 'Confirm Purchase' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(toasts(store)).toEqual([expect.objectContaining({ type: 'success', message: 'Item redeemed successfully!' })]),
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/.{8,}/);
    const entry = await screen.findByTestId('redemption-77');
    expect(entry).toHaveTextContent('Pending');

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'store']]));
    act(() => socket.serverEmit('store:redemption-updated', { ...pending, status: 'processed', is_processed: true, code: 'GIFT-1' }));
    await waitFor(() => expect(screen.getByTestId('redemption-77')).toHaveTextContent('Processed'));
    expect(screen.getByTestId('redemption-77')).toHaveTextContent('GIFT-1');
    act(() => socket.serverEmit('user:points', { balance: 420, delta: -80, reason: 'raffle.entry' }));
    await waitFor(() => expect(screen.getByTestId('points-banner')).toHaveTextContent('420'));
  });

  it('takes a redemption and later pushes into the store and the points history without reading either again (issue #16)', async () => {
    const ledger = (id: number, delta: number, reason: string) => ({
      id,
      delta,
      reason,
      reference: null,
      note: null,
      created_at: '2026-11-24T11:00:00Z',
    });
    const requests = serve(() => ({
      body: {
        success: true,
        message: 'Item redeemed successfully!',
        data: {
          redemption: pending,
          user_points: 500,
          item: { id: 1, quantity: null, user_purchases: 1 },
          points_entry: ledger(501, -500, 'store.redeem'),
          replayed: false,
        },
      },
    }));
    const reads = () => requests.filter((r) => r.method === 'GET').map((r) => r.url);
    const { store } = renderWithProviders(<StorePage />, { user: memberFixture });
    fireEvent.click(within(await screen.findByTestId('store-item-1')).getByRole('button', { name: 'Redeem' }));
    await screen.findByText('No points activity yet.');
    const firstLoad = reads();
    expect(firstLoad).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/r\/store\?/), '/api/r/points/history?page=1']));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(toasts(store)).toEqual([expect.objectContaining({ message: 'Item redeemed successfully!' })]));

    const history = screen.getByRole('region', { name: 'Points History' });
    await waitFor(() => expect(history).toHaveTextContent('-500'));
    expect(screen.getByTestId('points-banner')).toHaveTextContent('500');
    expect(screen.getByTestId('redemption-77')).toHaveTextContent('Pending');

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The push of the same change (already applied from the answer) and a later credit, each with its ledger row.
    act(() =>
      socket.serverEmit('user:points', { balance: 500, delta: -500, reason: 'store.redeem', entry: ledger(501, -500, 'store.redeem') }),
    );
    act(() =>
      socket.serverEmit('user:points', { balance: 650, delta: 150, reason: 'admin.adjust', entry: ledger(502, 150, 'admin.adjust') }),
    );
    await waitFor(() => expect(history).toHaveTextContent('+150'));
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('points-banner')).toHaveTextContent('650');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reads()).toEqual(firstLoad);
  });

  it('shows the server message, else the fallback, and the network message (SPEC §8)', async () => {
    let answer: { status: number; body: unknown } | null = { status: 409, body: { success: false, message: 'This item is out of stock.' } };
    serve(() => answer ?? undefined);
    const { store } = renderWithProviders(<StorePage />, { user: memberFixture });
    const redeemOnce = async () => {
      fireEvent.click(within(await screen.findByTestId('store-item-1')).getByRole('button', { name: 'Redeem' }));
      fireEvent.click(screen.getByRole('button', { name: 'Confirm Purchase' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm Purchase' })).not.toBeInTheDocument());
    };
    await redeemOnce();
    answer = { status: 500, body: { success: false } };
    await redeemOnce();
    answer = null;
    await redeemOnce();
    await waitFor(() => expect(toasts(store)).toHaveLength(3));
    expect(toasts(store).map((t) => t.message)).toEqual([
      'This item is out of stock.',
      'Failed to redeem item',
      'An error occurred. Please try again.',
    ]);
  });

  it('lets anonymous visitors browse with "Log in with Kick" (back to the store) instead of Redeem; out of stock stays out of stock', async () => {
    serve(() => undefined);
    renderWithProviders(<StorePage />, { user: null, route: '/store?sort=cost' });
    const card = within(await screen.findByTestId('store-item-1'));
    expect(card.getByRole('link', { name: 'Log in with Kick to redeem Shout-out' })).toHaveAttribute(
      'href',
      '/login?next=%2Fstore%3Fsort%3Dcost',
    );
    const soldOut = within(screen.getByTestId('store-item-3'));
    expect(soldOut.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(soldOut.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/Login to Redeem/)).not.toBeInTheDocument();
    expect(screen.queryByText('Your Recent Redemptions')).not.toBeInTheDocument();
    expect(screen.getByText('Community Purchases')).toBeInTheDocument();
  });
});
