import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContestPage } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { recordFetches } from '../../../test/fetch-mocks';
import { contestFixture } from '../../../test/contest-fixtures';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import ContestsPage from './contests-page';

const contest = contestFixture(4, 'Does the hunt finish in profit?', [
  ['Profit', 0, 0],
  ['Loss', 100, 1],
]);

describe('contests page', () => {
  beforeEach(() => resetSocketForTests());

  it('stakes on an option, follows the pools live, and shows the payout in the balance without a reload', async () => {
    const page: ContestPage = { contest, mine: null, balance: 1_000, notice: 'Points have no cash value. Stakes are points only.' };
    const calls = recordFetches((r) => {
      if (r.url === '/api/r/contests/current') return { body: { success: true, data: page } };
      if (r.url === '/api/r/contests/4/stake' && r.method === 'POST')
        return { body: { success: true, data: { applied: true, option: 0, points: 50, balance: 950 } } };
      return undefined;
    });
    renderWithProviders(<ContestsPage />, { user: memberFixture });
    expect(await screen.findByTestId('contest-option-1')).toHaveTextContent('Loss: 100 points, 1 member, pays 1×');
    expect(screen.getByText('Points have no cash value. Stakes are points only.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Option'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '50' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Stake points' }));
    expect(await screen.findByTestId('contest-mine')).toHaveTextContent('Your stake: 50 points on Profit.');
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/r/contests/4/stake')!.body))).toEqual({ option: 0, points: 50 });
    expect(screen.getByTestId('contest-balance')).toHaveTextContent('Your points: 950');
    expect(screen.getByLabelText('Option')).toBeDisabled();

    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() =>
      socket.serverEmit('contest:pools', {
        contest_id: 4,
        options: [
          { index: 0, pool: 50, members: 1 },
          { index: 1, pool: 100, members: 1 },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('contest-option-0')).toHaveTextContent('Profit: 50 points, 1 member, pays 3×'));

    act(() => {
      socket.serverEmit('contest:status', { contest: { ...contest, status: 'resolved', winning_option: 0, pool: 150, members: 2 } });
      socket.serverEmit('user:points', { balance: 1_100, delta: 150, reason: 'contest.payout' });
    });
    await waitFor(() => expect(screen.getByTestId('contest-balance')).toHaveTextContent('Your points: 1,100'));
    expect(screen.getByTestId('contest-status')).toHaveTextContent('Resolved');
    expect(screen.getByTestId('contest-option-0')).toHaveTextContent('— winner');
    expect(screen.queryByRole('form', { name: 'Stake points' })).not.toBeInTheDocument();
  });
});
