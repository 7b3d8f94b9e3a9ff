import { screen, within } from '@testing-library/react';
import type { MySlotRequest } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
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
    requested_at: new Date().toISOString(),
  },
  {
    request_id: 2,
    slot: { id: 9, name: 'Sweet Bonanza', provider: 'Pragmatic Play' },
    status: 'skipped',
    place: null,
    points: 25,
    refunded: true,
    requested_at: '2026-11-28T20:00:00.000Z',
  },
  {
    request_id: 1,
    slot: { id: 11, name: 'Wanted Dead or a Wild', provider: 'Hacksaw Gaming' },
    status: 'played',
    place: null,
    points: 0,
    refunded: false,
    requested_at: '2026-11-27T20:00:00.000Z',
  },
];

describe('MySlotRequests', () => {
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
    expect(played).toHaveTextContent('Played');
    expect(played).toHaveTextContent('Free');
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
