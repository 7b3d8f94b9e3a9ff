import { act, screen, within } from '@testing-library/react';
import type { MySlotRequest } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MySlotRequests } from './my-slot-requests';

const mine: MySlotRequest[] = [
  {
    request_id: 4,
    slot: { id: 7, name: 'Gates of Olympus', provider: 'Pragmatic Play' },
    status: 'queued',
    place: 3,
    points: 25,
    refunded: false,
    bet: null,
    win: null,
    requested_at: new Date().toISOString(),
  },
  {
    request_id: 2,
    slot: { id: 9, name: 'Sweet Bonanza', provider: 'Pragmatic Play' },
    status: 'skipped',
    place: null,
    points: 25,
    refunded: true,
    bet: null,
    win: null,
    requested_at: '2026-11-28T20:00:00.000Z',
  },
  {
    request_id: 1,
    slot: { id: 11, name: 'Wanted Dead or a Wild', provider: 'Hacksaw Gaming' },
    status: 'played',
    place: null,
    points: 0,
    refunded: false,
    bet: 2,
    win: 150.5,
    requested_at: '2026-11-27T20:00:00.000Z',
  },
];

const push = async () => {
  const socket = (await getSocket()) as unknown as FakeSocket;
  act(() => socket.serverEmit('slot-requests:changed', { total: 2, next: [], open: true, price: 0, at: new Date().toISOString() }));
};

describe('MySlotRequests', () => {
  beforeEach(() => resetSocketForTests());

  it("shows the member's place while queued, then what became of each request and its points", async () => {
    mockFetch((request) => (request.url === '/api/r/slot-requests/mine' ? { body: { success: true, data: mine } } : undefined));
    renderWithProviders(<MySlotRequests />, { user: memberFixture });
    const table = await screen.findByRole('table', { name: 'My slot requests, newest first' });
    const [, queued, skipped, played] = within(table).getAllByRole('row');
    expect(queued).toHaveTextContent('Gates of Olympus');
    expect(queued).toHaveTextContent('#3 in the queue');
    expect(queued).toHaveTextContent('25 points');
    expect(queued).not.toHaveTextContent('refunded');
    expect(skipped).toHaveTextContent('Skipped');
    expect(skipped).toHaveTextContent('25 points (refunded)');
    expect(played).toHaveTextContent('Played: $2.00 bet, $150.50 won');
    expect(played).toHaveTextContent('Free');
  });

  it("follows the queue's room: a push reads the list again while a request waits, so its place moves live", async () => {
    const reads: TestRequest[] = [];
    let place = 3;
    mockFetch((request) => {
      if (request.url !== '/api/r/slot-requests/mine') return undefined;
      reads.push(request);
      return { body: { success: true, data: [{ ...mine[0]!, place }] } };
    });
    renderWithProviders(<MySlotRequests />, { user: memberFixture });
    expect(await screen.findByText('#3 in the queue')).toBeInTheDocument();
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverConnect());
    expect(socket.emitted).toContainEqual(['room:join', 'slot-requests']);

    place = 1;
    await push();
    expect(await screen.findByText('#1 in the queue')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it("reads nothing on a push when none of the member's requests waits", async () => {
    const reads: TestRequest[] = [];
    mockFetch((request) => {
      if (request.url !== '/api/r/slot-requests/mine') return undefined;
      reads.push(request);
      return { body: { success: true, data: [mine[1]!, mine[2]!] } };
    });
    renderWithProviders(<MySlotRequests />, { user: memberFixture });
    expect(await screen.findByText('Skipped')).toBeInTheDocument();
    await push();
    // Give a read the time it would take to start: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveLength(1);
  });

  it('says when the member has not requested anything yet', async () => {
    mockFetch((request) => (request.url === '/api/r/slot-requests/mine' ? { body: { success: true, data: [] } } : undefined));
    renderWithProviders(<MySlotRequests />, { user: memberFixture });
    expect(await screen.findByText('You have not requested a slot yet.')).toBeInTheDocument();
  });

  it('is not shown to anonymous visitors (the picker invites them to log in)', () => {
    const { container } = renderWithProviders(<MySlotRequests />, { user: null });
    expect(container).toBeEmptyDOMElement();
  });
});
