import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContestView } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { recordFetches } from '../../test/fetch-mocks';
import { contestFixture, contestTemplateFixture } from '../../test/contest-fixtures';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { ContestPanel } from './go-live-contest';

const template = contestTemplateFixture(2, 'Bonus over 100x', 'Will the bonus pay over 100x?');

const open = contestFixture(7, 'Will the bonus pay over 100x?', [
  ['Yes', 0, 0],
  ['No', 0, 0],
]);

describe('Go live: contest panel', () => {
  beforeEach(() => resetSocketForTests());

  it('opens a contest from a template, shows pushed pools live, and resolves after confirming', async () => {
    let current: ContestView | null = null;
    const calls = recordFetches((r) => {
      if (r.url === '/api/admin/contests/current') return { body: { success: true, data: current } };
      if (r.url === '/api/admin/contest-templates') return { body: { success: true, data: [template] } };
      if (r.url === '/api/admin/contests' && r.method === 'POST') {
        current = open;
        return { body: { success: true, message: 'Contest open.', data: open } };
      }
      if (r.url === '/api/admin/contests/7/resolve' && r.method === 'POST') {
        current = { ...open, status: 'resolved', winning_option: 0 };
        return { body: { success: true, data: current } };
      }
      return undefined;
    });
    renderWithProviders(<ContestPanel />, { user: adminFixture });
    expect(await screen.findByTestId('go-live-contest-summary')).toHaveTextContent(
      'Will the bonus pay over 100x? (Yes / No); stakes 10–500 points, closing after 120 seconds.',
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Open a contest from a template' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/contests' && c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/admin/contests')!.body))).toEqual({ template_id: 2 });
    expect(await screen.findByTestId('go-live-contest-option-0')).toHaveTextContent('Yes: 0 points, 0 members');

    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() =>
      socket.serverEmit('contest:pools', {
        contest_id: 7,
        options: [
          { index: 0, pool: 300, members: 2 },
          { index: 1, pool: 100, members: 1 },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('go-live-contest-option-0')).toHaveTextContent('Yes: 300 points, 2 members, pays 1.33×'));
    expect(screen.getByTestId('go-live-contest-option-1')).toHaveTextContent('No: 100 points, 1 member, pays 4×');

    fireEvent.click(screen.getByRole('button', { name: 'Yes won' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/contests/7/resolve')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/admin/contests/7/resolve')!.body))).toEqual({ option: 0 });
    expect(await screen.findByText(/— winner/)).toBeInTheDocument();
  });
});
