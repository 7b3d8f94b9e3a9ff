import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PollPage, PollView } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { mockFetch } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture } from '../../../test/fixtures';
import { pollFixture } from '../../../test/poll-fixtures';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import PollsPage from './polls-page';

const poll = pollFixture(
  5,
  'Which slot pays best tonight?',
  'members',
  [
    ['Gates', 1],
    ['Sugar', 0],
  ],
  { counted_at: '2026-11-29T09:00:01.000Z' },
);

describe('polls page', () => {
  beforeEach(() => resetSocketForTests());

  it('votes, changes the vote, and follows the counts and status live', async () => {
    const page: PollPage = { poll, mine: null };
    const calls = recordFetches((r) => {
      if (r.url === '/api/r/polls/current') return { body: { success: true, data: page } };
      if (r.url === '/api/r/polls/5/vote' && r.method === 'POST') {
        const option = (JSON.parse(String(r.body)) as { option: number }).option;
        return { body: { success: true, data: { poll_id: 5, option, changed: option === 0 } } };
      }
      return undefined;
    });
    renderWithProviders(<PollsPage />, { user: memberFixture });
    expect(await screen.findByTestId('poll-option-0')).toHaveTextContent('Gates1 vote · 100%');
    expect(screen.getByTestId('poll-status')).toHaveTextContent('Voting open — 1 vote.');

    fireEvent.click(screen.getByRole('button', { name: 'Vote Sugar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vote Sugar' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('poll-option-1')).toHaveTextContent('Sugar (your vote)');
    fireEvent.click(screen.getByRole('button', { name: 'Vote Gates' }));
    await waitFor(() => expect(screen.getByTestId('poll-option-0')).toHaveTextContent('Gates (your vote)'));
    expect(calls.filter((c) => c.url === '/api/r/polls/5/vote').map((c) => JSON.parse(String(c.body)))).toEqual([
      { option: 1 },
      { option: 0 },
    ]);

    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('poll:counts', { poll_id: 5, votes: [2, 1], counted_at: '2026-11-29T09:00:03.000Z' }));
    await waitFor(() => expect(screen.getByTestId('poll-option-0')).toHaveTextContent('2 votes · 67%'));
    expect(screen.getByTestId('poll-option-1')).toHaveTextContent('1 vote · 33%');
    // An older read arriving late changes nothing.
    act(() => socket.serverEmit('poll:counts', { poll_id: 5, votes: [1, 0], counted_at: '2026-11-29T09:00:02.000Z' }));
    expect(screen.getByTestId('poll-option-0')).toHaveTextContent('2 votes · 67%');

    act(() =>
      socket.serverEmit('poll:status', {
        poll: {
          ...poll,
          status: 'closed',
          total: 3,
          counted_at: '2026-11-29T09:00:04.000Z',
          options: [
            { index: 0, label: 'Gates', votes: 2, percent: 67 },
            { index: 1, label: 'Sugar', votes: 1, percent: 33 },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('poll-status')).toHaveTextContent('Voting closed — 3 votes.'));
    expect(screen.queryByRole('button', { name: 'Vote Gates' })).not.toBeInTheDocument();
    expect(screen.getByTestId('poll-option-0')).toHaveTextContent('Gates (your vote)');
  });

  it('shows an empty state without a poll', async () => {
    mockFetch((r) => (r.url === '/api/r/polls/current' ? { body: { success: true, data: { poll: null, mine: null } } } : undefined));
    renderWithProviders(<PollsPage />);
    expect(await screen.findByText('No poll right now')).toBeInTheDocument();
  });

  it('a visitor sees the results and a login link', async () => {
    mockFetch((r) => (r.url === '/api/r/polls/current' ? { body: { success: true, data: { poll, mine: null } } } : undefined));
    renderWithProviders(<PollsPage />);
    expect(await screen.findByTestId('poll-option-0')).toHaveTextContent('Gates1 vote · 100%');
    expect(screen.queryByRole('button', { name: 'Vote Gates' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /log ?in/i })).toBeInTheDocument();
  });

  it('takes the buttons away when the timer runs out, without a push', async () => {
    const timed: PollView = { ...poll, closes_at: new Date(Date.now() + 2_500).toISOString() };
    mockFetch((r) => (r.url === '/api/r/polls/current' ? { body: { success: true, data: { poll: timed, mine: null } } } : undefined));
    renderWithProviders(<PollsPage />, { user: memberFixture });
    expect(await screen.findByRole('button', { name: 'Vote Gates' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Voting closes in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Vote Gates' })).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(screen.getByTestId('poll-status')).toHaveTextContent('Voting closed — 1 vote.');
  });
});
