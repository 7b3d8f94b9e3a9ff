import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Raffle, RaffleEntry, RaffleParticipant, RaffleUser } from '@kickback/contracts';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import { raffle as adminRaffle } from '../../../test/raffle-fixtures';
import type { AppStore } from '../../../app/store';
import { renderWithProviders } from '../../../test/render';
import { createdSockets } from '../../../test/socket-io-client-stub';
import { scrollIntoView } from '../../../test/intersection-observer-stub';
import RaffleDetailPage from './raffle-detail-page';
import RafflesPage from './raffles-page';

jest.mock('../../../lib/http', () => ({ ...jest.requireActual('../../../lib/http'), fullPageLoad: jest.fn() }));
const { fullPageLoad } = jest.requireMock('../../../lib/http') as { fullPageLoad: jest.Mock };

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => [t.type, t.message]);

const user = (id: number, name: string): RaffleUser => ({ id, username: name, kick_username: `${name}_k`, avatar: null, avatar_url: null });

/** Big Raffle, open for an hour more, as the public pages answer it. */
const raffle = (overrides: Partial<Raffle> = {}): Raffle =>
  adminRaffle({
    id: 1,
    title: 'Big Raffle',
    description: 'Win it',
    start_datetime: new Date(Date.now() - 60_000).toISOString(),
    end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
    total_entries: 3,
    participants_count: 2,
    number_of_winners: 5,
    has_password_entry: true,
    ...overrides,
  });

const at = '2026-11-22T00:00:00Z';
/** As the server pages them: newest entrant first, each with their entry rows. */
const entries: RaffleParticipant[] = [
  {
    user: user(2, 'bob'),
    tickets: 2,
    entered_at: at,
    entries: [
      { id: 2, entry_type: 'passwordless', tickets: 1, created_at: at },
      { id: 3, entry_type: 'password', tickets: 1, created_at: at },
    ],
  },
  { user: user(1, 'ann'), tickets: 1, entered_at: at, entries: [{ id: 1, entry_type: 'passwordless', tickets: 1, created_at: at }] },
];

const page = (data: RaffleParticipant[], next: string | null = null) => ({ body: { success: true, data, cursor: { next, limit: 50 } } });

describe('Raffles list', () => {
  it('toasts "Failed to load raffles" when the list cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    const { store } = renderWithProviders(<RafflesPage />);
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'Failed to load raffles']));
  });

  it('shows the tabs, the exact empty states and up to 3 winners then "and N more winner(s)"', async () => {
    const winners = [1, 2, 3, 4, 5].map((i) => user(i, `w${i}`));
    mockFetch((r) =>
      r.url === '/api/r/raffles'
        ? { body: { success: true, data: [raffle({ id: 9, has_ended: true, is_accepting_entries: false, status: 'Ended', winners })] } }
        : undefined,
    );
    renderWithProviders(<RafflesPage />);
    expect(await screen.findByText('No Active Raffles')).toBeInTheDocument();
    expect(screen.getByText('Check back later for exciting raffles and giveaways!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Ended Raffles' }));
    const card = screen.getByTestId('raffle-card-9');
    expect(within(card).getByText('Ended')).toBeInTheDocument();
    expect(within(card).getByText('w3_k')).toBeInTheDocument();
    expect(within(card).queryByText('w4_k')).toBeNull();
    expect(within(card).getByText('and 2 more winner(s)')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/raffles/9');
  });

  it('lists the entry rules on the card before anyone tries, in the words the refusals use', async () => {
    const entry_rules = {
      followers_only: false,
      subscribers_only: true,
      min_level: 5,
      min_account_age_days: 1,
      min_watch_minutes: 30,
      min_chat_messages: 10,
      activity_days: 7,
      exclude_winners_days: 1,
      subscriber_multiplier: 3,
    };
    mockFetch((r) => (r.url === '/api/r/raffles' ? { body: { success: true, data: [raffle({ entry_rules })] } } : undefined));
    renderWithProviders(<RafflesPage />);
    const rules = await screen.findByTestId('raffle-rules-1');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Subscribers only',
      'Level 5 or higher',
      'Accounts at least 1 day old',
      'Watched 30 minutes or sent 10 chat messages in the last 7 days',
      'No winners of the last day',
      "Subscribers' tickets count ×3",
    ]);
  });

  it('shows "No Ended Raffles" and updates a card count from a live push', async () => {
    mockFetch((r) => (r.url === '/api/r/raffles' ? { body: { success: true, data: [raffle()] } } : undefined));
    renderWithProviders(<RafflesPage />);
    const card = await screen.findByTestId('raffle-card-1');
    expect(within(card).getByTestId('raffle-card-entries')).toHaveTextContent('3');
    // The push handler is attached once the list has loaded; a repeated push is harmless (totals are absolute).
    await waitFor(() => {
      act(() =>
        createdSockets.at(-1)!.serverEmit('raffle:entries', { raffle_id: 1, total_entries: 1234, participants_count: 900, entries: [] }),
      );
      expect(within(card).getByTestId('raffle-card-entries')).toHaveTextContent('1,234');
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Ended Raffles' }));
    expect(screen.getByText('No Ended Raffles')).toBeInTheDocument();
    expect(screen.getByText('No raffles have ended yet.')).toBeInTheDocument();
  });
});

describe('Raffle detail', () => {
  const routes = { path: '/raffles/:id', route: '/raffles/1', extraRoutes: [{ path: '/raffles', element: <p>raffles list</p> }] };

  function serve(detail: Raffle, list = entries, onEnter?: (r: TestRequest) => { status?: number; body: unknown }) {
    return mockFetch((r) => {
      if (r.url === '/api/r/raffles/1') return { body: { success: true, data: detail } };
      if (r.url === '/api/r/raffles/1/entries' || r.url === '/api/r/raffles/1/entries?order=newest') return page(list);
      // The server searches: only names containing the text (case-insensitive) come back.
      const search = /^\/api\/r\/raffles\/1\/entries\?search=(.*)$/.exec(r.url);
      if (search) {
        const needle = decodeURIComponent(search[1]!).toLowerCase();
        return page(list.filter((p) => `${p.user.username} ${p.user.kick_username}`.toLowerCase().includes(needle)));
      }
      if (r.url === '/api/r/raffles/1/enter' && onEnter) return onEnter(r);
      return undefined;
    });
  }

  it('a winner claims with the Claim button; a prize passed on arrives live with the new winner and their window', async () => {
    const deadline = new Date(Date.now() + 600_000).toISOString();
    const me = user(memberFixture.id, 'lou');
    const other = user(2, 'bob');
    const drawn = raffle({
      status: 'Ended',
      has_ended: true,
      is_accepting_entries: false,
      drawn_at: new Date().toISOString(),
      seed: 'b'.repeat(64),
      number_of_winners: 2,
      claim_window_minutes: 10,
      winners: [me, other],
      winner_claims: [
        { position: 1, user_id: me.id, claim_deadline: deadline, claimed_at: null },
        { position: 2, user_id: other.id, claim_deadline: deadline, claimed_at: null },
      ],
    });
    const claimed = {
      ...drawn,
      winner_claims: [{ ...drawn.winner_claims[0]!, claimed_at: new Date().toISOString() }, drawn.winner_claims[1]!],
    };
    const calls: string[] = [];
    mockFetch((r) => {
      if (r.url === '/api/r/raffles/1') return { body: { success: true, data: drawn } };
      if (r.url.startsWith('/api/r/raffles/1/entries')) return page(entries);
      if (r.url === '/api/r/raffles/1/claim' && r.method === 'POST') {
        calls.push(r.url);
        return { body: { success: true, message: 'Prize claimed! The streamer will be in touch to deliver it.', data: claimed } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    const claim = await screen.findByTestId('raffle-claim');
    expect(within(claim).getByRole('timer', { name: 'Time left to claim' })).toBeInTheDocument();
    fireEvent.click(within(claim).getByRole('button', { name: 'Claim prize' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Prize claimed! The streamer will be in touch to deliver it.']));
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('raffle-claim')).toBeNull();
    const winners = screen.getByTestId('raffle-winners');
    expect(within(winners).getAllByRole('listitem')[0]).toHaveTextContent('Claimed');

    // Bob's window closed unclaimed: the prize passed to carl, pushed to the open page (raffle:drawn, then raffle:status).
    const carl = user(3, 'carl');
    const carlDeadline = new Date(Date.now() + 600_000).toISOString();
    const passed = {
      ...claimed,
      winners: [me, carl],
      winner_claims: [claimed.winner_claims[0]!, { position: 2, user_id: carl.id, claim_deadline: carlDeadline, claimed_at: null }],
    };
    act(() => {
      createdSockets.at(-1)!.serverEmit('raffle:drawn', { raffle_id: 1, winners: passed.winners, seed: passed.seed });
      createdSockets.at(-1)!.serverEmit('raffle:status', { raffle_id: 1, raffle: passed });
    });
    await waitFor(() => expect(within(screen.getByTestId('raffle-winners')).queryByText('bob_k')).toBeNull());
    const rows = within(screen.getByTestId('raffle-winners')).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('carl_k');
    expect(rows[1]).toHaveTextContent('Claim by');
  });

  it('shows people with their win chance, searches on the server, and applies live entries without refetching', async () => {
    const fetchMock = serve(raffle());
    renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    const list = await screen.findByTestId('raffle-entries-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('bob_k');
    expect(rows[0]).toHaveTextContent('2 tickets');
    expect(rows[0]).toHaveTextContent('66.67%');
    expect(screen.getByRole('heading', { name: 'Entries (2)' })).toBeInTheDocument();
    // People and tickets are told apart: 2 people hold the 3 tickets.
    expect(screen.getByTestId('raffle-entries-summary')).toHaveTextContent('2 people holding 3 tickets');
    expect(screen.getByText('(tickets)')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search participants...'), { target: { value: ' ANN ' } });
    await waitFor(() => expect(within(screen.getByTestId('raffle-entries-list')).queryByText('bob_k')).toBeNull());
    expect(within(screen.getByTestId('raffle-entries-list')).getByText('ann_k')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search participants...'), { target: { value: 'ZED' } });
    expect(await screen.findByText('No participants found matching "ZED"')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await within(await screen.findByTestId('raffle-entries-list')).findByText('bob_k')).toBeInTheDocument();
    const entryReads = () => fetchMock.mock.calls.filter(([r]) => typeof r !== 'string' && r.url.startsWith('/api/r/raffles/1/entries'));
    const readsBefore = entryReads().length;
    act(() =>
      createdSockets.at(-1)!.serverEmit('raffle:entries', {
        raffle_id: 1,
        total_entries: 4,
        participants_count: 3,
        entries: [[4, 3, 1, 0, 'cat', 'cat_k', null, 0]],
        omitted: 0,
      }),
    );
    const updated = await screen.findByTestId('raffle-entries-list');
    expect(await within(updated).findByText('cat_k')).toBeInTheDocument();
    // Most tickets first: the newcomer with one ticket goes after Bob (2) and Ann (1, earlier); chances follow the push.
    expect(within(updated).getAllByRole('listitem').at(-1)).toHaveTextContent('cat_k');
    expect(within(updated).getAllByRole('listitem')[0]).toHaveTextContent('50.00%');
    expect(screen.getByTestId('raffle-total-entries')).toHaveTextContent('4');
    expect(entryReads()).toHaveLength(readsBefore);
  });

  it('during a burst shows the totals and the rows a push carries, and drops the rows below them it may have missed', async () => {
    serve(raffle());
    renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    expect(await within(await screen.findByTestId('raffle-entries-list')).findByText('bob_k')).toBeInTheDocument();
    const burst = (total: number, row: [number, number, number, number, string, 0, null, 0]) =>
      act(() =>
        createdSockets.at(-1)!.serverEmit('raffle:entries', {
          raffle_id: 1,
          total_entries: total,
          participants_count: total - 1,
          entries: [row],
          omitted: 4999,
        }),
      );
    const shown = () =>
      within(screen.getByTestId('raffle-entries-list'))
        .getAllByRole('listitem')
        .filter((item) => item.classList.contains('raffle-entries__row'))
        .map((item) => item.querySelector('.raffle-entries__name')!.textContent);
    // Most tickets first: Bob (2) and Ann (1, entered earlier) rank above Zoe's row, so every change above them was sent.
    burst(5003, [9000, 90, 1, 0, 'zoe', 0, null, 0]);
    await waitFor(() => expect(screen.getByTestId('raffle-total-entries')).toHaveTextContent('5,003'));
    expect(shown()).toEqual(['bob_k', 'ann_k', 'zoe']);

    fireEvent.click(screen.getByRole('button', { name: 'Newest' }));
    expect(screen.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(shown()).toEqual(['bob_k', 'ann_k']));
    act(() =>
      createdSockets.at(-1)!.serverEmit('raffle:entries', {
        raffle_id: 1,
        total_entries: 5004,
        participants_count: 5003,
        entries: [[9000, 90, 1, 0, 'zoe', 0, null, 0]],
        omitted: 4999,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('raffle-total-entries')).toHaveTextContent('5,004'));
    const items = within(screen.getByTestId('raffle-entries-list')).getAllByRole('listitem');
    const rows = items.filter((item) => item.classList.contains('raffle-entries__row'));
    // Bob and Ann entered before the push's oldest row: they are read again by cursor (the list goes on), not shown stale.
    expect(rows).toHaveLength(1);
    expect(items.at(-1)).toHaveClass('raffle-entries__more');
    expect(rows[0]).toHaveTextContent('zoe');
    expect(rows[0]).toHaveTextContent('0.02%');
  });

  it('loads the next page of entrants when the end of the list scrolls into view', async () => {
    const older: RaffleParticipant[] = [3, 4].map((id) => ({
      user: user(10 + id, `old${id}`),
      tickets: 1,
      entered_at: at,
      entries: [{ id, entry_type: 'passwordless', tickets: 1, created_at: at }],
    }));
    const fetchMock = mockFetch((r) => {
      if (r.url === '/api/r/raffles/1') return { body: { success: true, data: raffle({ total_entries: 5, participants_count: 4 }) } };
      if (r.url === '/api/r/raffles/1/entries') return page(entries, '1');
      if (r.url === '/api/r/raffles/1/entries?cursor=1') return page(older);
      return undefined;
    });
    renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    const list = await screen.findByTestId('raffle-entries-list');
    expect(within(list).queryByText('old3_k')).toBeNull();
    act(() => scrollIntoView('.raffle-entries__more'));
    expect(await within(list).findByText('old3_k')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('bob_k'),
      expect.stringContaining('ann_k'),
      expect.stringContaining('old3_k'),
      expect.stringContaining('old4_k'),
    ]);
    // The last page says there is no more: nothing is left to observe and no further request goes out.
    expect(list.querySelector('.raffle-entries__more')).toBeNull();
    const reads = fetchMock.mock.calls.filter(([r]) => typeof r !== 'string' && r.url.startsWith('/api/r/raffles/1/entries'));
    expect(reads.map(([r]) => (r as TestRequest).url)).toEqual(['/api/r/raffles/1/entries', '/api/r/raffles/1/entries?cursor=1']);
  });

  it('says "No entries yet", disables free entry once entered and submits the password on Enter', async () => {
    const fetchMock = serve(raffle({ user_entries: { passwordless: true, password: false, points_tickets: 0 } }), [], () => ({
      body: { success: true, message: 'Successfully entered the raffle!' },
    }));
    const { store } = renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entered' })).toBeDisabled();
    const input = screen.getByLabelText('Raffle password');
    fireEvent.change(input, { target: { value: ' secret ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => typeof r !== 'string' && r.url === '/api/r/raffles/1/enter')).toBe(true));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Successfully entered the raffle!']));
  });

  it('enters over the open socket when connected, shows its answer, and falls back to HTTP (same key) when it does not answer', async () => {
    const fetchMock = serve(raffle(), [], () => ({ body: { success: true, message: 'Successfully entered the raffle!' } }));
    const { store } = renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    const button = await screen.findByRole('button', { name: 'Enter for Free' });
    const socket = createdSockets.at(-1)!;
    act(() => socket.serverConnect());
    socket.ackAnswers.set('raffle:enter', () => ({
      status: 409,
      body: { success: false, message: 'You have already entered this raffle for free.' },
    }));
    fireEvent.click(button);
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'You have already entered this raffle for free.']));
    const sent = socket.emitted.find(([event]) => event === 'raffle:enter')![1] as Record<string, unknown>;
    expect(sent).toMatchObject({ raffle_id: 1, entry_type: 'passwordless', idempotency_key: expect.any(String) });
    const enterCalls = () => fetchMock.mock.calls.filter(([r]) => typeof r !== 'string' && r.url === '/api/r/raffles/1/enter');
    expect(enterCalls()).toHaveLength(0);

    // The socket stops answering: the same entry goes over HTTP with the key it was sent with.
    socket.ackAnswers.delete('raffle:enter');
    fireEvent.click(screen.getByRole('button', { name: 'Enter for Free' }));
    await waitFor(() => expect(enterCalls()).toHaveLength(1));
    const lastSent = socket.emitted.filter(([event]) => event === 'raffle:enter').at(-1)![1] as { idempotency_key: string };
    expect((enterCalls()[0]![0] as TestRequest).headers.get('Idempotency-Key')).toBe(lastSent.idempotency_key);
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Successfully entered the raffle!']));
  });

  it('after its own entry the page updates from the answer and refetches neither the raffle nor its entries', async () => {
    const mine: RaffleEntry = { id: 9, entry_type: 'passwordless', tickets: 1, created_at: '2026-11-22T00:00:00Z', user: user(7, 'me') };
    const fetchMock = serve(raffle(), entries, () => ({
      body: { success: true, message: 'Successfully entered the raffle!', data: { entry: mine } },
    }));
    const { store } = renderWithProviders(<RaffleDetailPage />, { ...routes, user: memberFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Enter for Free' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Successfully entered the raffle!']));
    expect(await screen.findByRole('button', { name: 'Entered' })).toBeDisabled();
    const list = screen.getByTestId('raffle-entries-list');
    expect(await within(list).findByText('me_k')).toBeInTheDocument();
    // A newcomer with one ticket: listed after the people with as many or more.
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('me_k');
    const reads = (url: string) => fetchMock.mock.calls.filter(([r]) => typeof r !== 'string' && r.url === url && r.method === 'GET');
    expect(reads('/api/r/raffles/1')).toHaveLength(1);
    expect(reads('/api/r/raffles/1/entries')).toHaveLength(1);
  });

  it('asks anonymous visitors to log in', async () => {
    serve(raffle());
    const { store } = renderWithProviders(<RaffleDetailPage />, { ...routes, user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Enter for Free' }));
    expect(toasts(store)).toContainEqual(['error', 'Please log in to enter raffles']);
    expect(fullPageLoad).toHaveBeenCalledWith('/login?next=%2Fraffles%2F1');
  });

  it('other failures toast "Failed to load raffle" and stay on the page', async () => {
    mockFetch((r) => (r.url.startsWith('/api/r/raffles/1') ? { status: 500, body: { success: false, message: 'boom' } } : undefined));
    const { store } = renderWithProviders(<RaffleDetailPage />, routes);
    expect(await screen.findByRole('heading', { name: 'Failed to load raffle' })).toBeInTheDocument();
    expect(toasts(store)).toContainEqual(['error', 'Failed to load raffle']);
    expect(screen.queryByText('raffles list')).not.toBeInTheDocument();
  });

  it('a 404 toasts "Raffle not found" and goes back to /raffles', async () => {
    mockFetch((r) =>
      r.url.startsWith('/api/r/raffles/1') ? { status: 404, body: { success: false, message: 'Raffle not found' } } : undefined,
    );
    const { store } = renderWithProviders(<RaffleDetailPage />, routes);
    expect(await screen.findByText('raffles list')).toBeInTheDocument();
    expect(toasts(store)).toContainEqual(['error', 'Raffle not found']);
  });
});
