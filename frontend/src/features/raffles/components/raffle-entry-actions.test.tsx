import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import type { Raffle } from '@kickback/contracts';
import { renderWithProviders } from '../../../test/render';
import { RaffleEntryActions } from './raffle-entry-actions';

jest.mock('../../../lib/http', () => ({
  ...jest.requireActual('../../../lib/http'),
  fullPageLoad: jest.fn(),
}));
const { fullPageLoad } = jest.requireMock('../../../lib/http') as { fullPageLoad: jest.Mock };

const raffle = {
  id: 7,
  is_accepting_entries: true,
  has_ended: false,
  allow_passwordless_entry: true,
  allow_points_entry: true,
  points_per_entry: 100,
  max_tickets_per_user: null,
  has_password_entry: false,
  user_entries: { passwordless: false, password: false, points_tickets: 0 },
} as Raffle;

describe('RaffleEntryActions for a visitor', () => {
  beforeEach(() => fullPageLoad.mockClear());

  it('"Enter for Free" leads to login and back to this raffle', () => {
    renderWithProviders(<RaffleEntryActions raffle={raffle} />, { user: null, path: '/raffles/:id', route: '/raffles/7?tab=entries' });
    fireEvent.click(screen.getByRole('button', { name: 'Enter for Free' }));
    expect(fullPageLoad).toHaveBeenCalledWith('/login?next=%2Fraffles%2F7%3Ftab%3Dentries');
  });

  it('the points entry leads to login too, and the hint offers "Log in with Kick"', () => {
    renderWithProviders(<RaffleEntryActions raffle={raffle} />, { user: null, path: '/raffles/:id', route: '/raffles/7' });
    fireEvent.click(screen.getByRole('button', { name: 'Enter with 100 Points' }));
    expect(fullPageLoad).toHaveBeenCalledWith('/login?next=%2Fraffles%2F7');
    expect(screen.getByRole('link', { name: 'Log in with Kick to enter this raffle' })).toHaveAttribute(
      'href',
      '/login?next=%2Fraffles%2F7',
    );
  });
});

describe('RaffleEntryActions for a member', () => {
  it('counts points tickets in the right number', () => {
    const one = { ...raffle, user_entries: { ...raffle.user_entries, points_tickets: 1 } };
    const { unmount } = renderWithProviders(<RaffleEntryActions raffle={one} />, { user: memberFixture });
    expect(screen.getByText('You hold 1 points ticket.')).toBeInTheDocument();
    unmount();
    const three = { ...raffle, user_entries: { ...raffle.user_entries, points_tickets: 3 } };
    renderWithProviders(<RaffleEntryActions raffle={three} />, { user: memberFixture });
    expect(screen.getByText('You hold 3 points tickets.')).toBeInTheDocument();
  });
});

describe('RaffleEntryActions points entry', () => {
  it("shows the member's balance to spend from", async () => {
    mockFetch((r) => (r.url === '/api/r/points/standing' ? { body: { success: true, data: { balance: 1200, level: 2 } } } : undefined));
    renderWithProviders(<RaffleEntryActions raffle={raffle} />, { user: memberFixture });
    expect(await screen.findByTestId('raffle-points-balance')).toHaveTextContent('Your balance: 1,200 points');
  });
});

describe('RaffleEntryActions points entry confirmation', () => {
  it('spends points only after the member confirms the sum, as the store does', async () => {
    const posts: string[] = [];
    mockFetch((r) => {
      if (r.url === '/api/r/points/standing') return { body: { success: true, data: { balance: 1200, level: 2 } } };
      if (r.url === '/api/r/raffles/7/enter' && r.method === 'POST') {
        posts.push(String(r.body));
        return { body: { success: true, message: 'Entered with 200 points.', data: null } };
      }
      return undefined;
    });
    const titled = { ...raffle, title: 'Friday $50' };
    renderWithProviders(<RaffleEntryActions raffle={titled} />, { user: memberFixture });
    await screen.findByTestId('raffle-points-balance');
    fireEvent.change(screen.getByLabelText('Tickets'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter with 200 Points' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Entry' });
    expect(dialog).toHaveTextContent('Spend 200 points on 2 tickets for Friday $50? You have 1,200 points; 1,000 points will be left.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm Entry' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Enter with 200 Points' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Entry' })).getByRole('button', { name: 'Spend 200 points' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(JSON.parse(posts[0]!)).toMatchObject({ entry_type: 'points', points_spent: 200 });
  });
});
