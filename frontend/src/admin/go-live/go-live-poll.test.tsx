import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PollView } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { PollPanel } from './go-live-poll';
import { refusedAnswer, recordFetches } from '../../test/fetch-mocks';
import { pollFixture } from '../../test/poll-fixtures';

const open = pollFixture(9, 'Which slot next?', 'kick', [
  ['Gates', 0],
  ['Sugar', 0],
  ['Dog House', 0],
]);

describe('Go live: poll panel', () => {
  beforeEach(() => resetSocketForTests());

  it('opens a poll from the form, shows pushed counts live, and closes it', async () => {
    let current: PollView | null = null;
    const calls = recordFetches((r) => {
      if (r.url === '/api/admin/polls/current') return { body: { success: true, data: current } };
      if (r.url === '/api/admin/polls' && r.method === 'POST') {
        current = open;
        return { body: { success: true, message: 'Poll open.', data: open } };
      }
      if (r.url === '/api/admin/polls/9/close' && r.method === 'POST') {
        current = { ...open, status: 'closed', total: 3, counted_at: '2026-11-29T09:01:00.000Z' };
        current.options = [
          { index: 0, label: 'Gates', votes: 2, percent: 67 },
          { index: 1, label: 'Sugar', votes: 1, percent: 33 },
          { index: 2, label: 'Dog House', votes: 0, percent: 0 },
        ];
        return { body: { success: true, data: current } };
      }
      return undefined;
    });
    renderWithProviders(<PollPanel />, { user: adminFixture });
    fireEvent.change(await screen.findByLabelText('Question'), { target: { value: 'Which slot next?' } });
    fireEvent.change(screen.getByLabelText('Options (one a line, 2 to 10)'), { target: { value: 'Gates\n Sugar \n\nDog House' } });
    fireEvent.change(screen.getByLabelText('Who votes'), { target: { value: 'kick' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Open a poll' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/polls' && c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/admin/polls')!.body))).toEqual({
      question: 'Which slot next?',
      options: ['Gates', 'Sugar', 'Dog House'],
      audience: 'kick',
      window_seconds: null,
    });
    expect(await screen.findByTestId('go-live-poll-option-0')).toHaveTextContent('Gates0 votes · 0%');

    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('poll:counts', { poll_id: 9, votes: [1, 1, 1], counted_at: '2026-11-29T09:00:30.000Z' }));
    await waitFor(() => expect(screen.getByTestId('go-live-poll-option-0')).toHaveTextContent('Gates1 vote · 34%'));
    expect(screen.getByTestId('go-live-poll-option-2')).toHaveTextContent('Dog House1 vote · 33%');
    expect(screen.getByTestId('go-live-poll-status')).toHaveTextContent('Which slot next? — Voting open; 3 votes.');

    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(screen.getByTestId('go-live-poll-status')).toHaveTextContent('Voting closed; 3 votes.'));
    expect(screen.getByTestId('go-live-poll-option-0')).toHaveTextContent('Gates2 votes · 67%');
    // Closed: the next question can be asked.
    expect(screen.getByRole('form', { name: 'Open a poll' })).toBeInTheDocument();
  });

  it("checks the question with the contract before sending, and shows the server's field errors under the inputs", async () => {
    const calls = recordFetches((r) => {
      if (r.url === '/api/admin/polls/current') return { body: { success: true, data: null } };
      if (r.url === '/api/admin/polls' && r.method === 'POST') return refusedAnswer({ window_seconds: ['At most a day.'] });
      return undefined;
    });
    renderWithProviders(<PollPanel />, { user: adminFixture });
    fireEvent.change(await screen.findByLabelText('Question'), { target: { value: 'Q?' } });
    fireEvent.change(screen.getByLabelText('Options (one a line, 2 to 10)'), { target: { value: 'Only' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Open a poll' }));
    expect(await screen.findByText('At least two options.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Options (one a line, 2 to 10)'), { target: { value: 'Gates\nSugar' } });
    fireEvent.change(screen.getByLabelText('Close after (seconds, empty: close by hand)'), { target: { value: '60' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Open a poll' }));
    expect(await screen.findByText('At most a day.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toMatchObject({
      options: ['Gates', 'Sugar'],
      window_seconds: 60,
    });
  });
});
