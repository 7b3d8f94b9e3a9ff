import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { cup, match } from '../../test/tournament-fixtures';
import { renderWithProviders } from '../../test/render';
import TournamentsAdminPage from './tournaments-admin-page';

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);

describe('TournamentsAdminPage', () => {
  it('creates a 4-slot tournament with its slots, then sets a winner from the bracket editor', async () => {
    let created = false;
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/tournaments' && r.method === 'POST') {
        created = true;
        return { status: 201, body: { success: true, data: cup } };
      }
      if (r.url === '/api/admin/tournaments') return { body: { success: true, data: created ? [cup] : [] } };
      if (r.url === '/api/admin/tournaments/3') return { body: { success: true, data: cup } };
      if (r.url === '/api/admin/tournaments/3/matches/1/winner') return { status: 201, body: { success: true, data: cup } };
      return undefined;
    });
    const { store } = renderWithProviders(<TournamentsAdminPage />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'New Tournament' }));
    const form = screen.getByRole('form', { name: 'New tournament' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Cup' } });
    fireEvent.change(within(form).getByLabelText('Size'), { target: { value: '4' } });
    ['A', 'B', 'C', 'D'].forEach((name, i) =>
      fireEvent.change(within(form).getByLabelText(new RegExp(`^Slot ${i + 1}\\b(?! multiplier)`)), { target: { value: name } }),
    );
    fireEvent.change(within(form).getByLabelText(/^Slot 1 multiplier/), { target: { value: '12.5' } });
    fireEvent.change(within(form).getByLabelText(/^Prize points/), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Tournament' }));
    await waitFor(() => expect(toasts(store)).toContain('Tournament created.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Cup',
      size: 4,
      slots: [{ name: 'A', multiplier: '12.5' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
      prize_points: [100],
      predictions_active: true,
    });

    const row = await screen.findByTestId('admin-match-1');
    expect(within(screen.getByTestId('admin-match-3')).queryByRole('button', { name: /wins/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'B wins Round 1 match 1' }));
    // Declaring a winner is confirmed first, with its consequence.
    const dialog = await screen.findByRole('dialog', { name: 'B wins Round 1 match 1?' });
    expect(dialog).toHaveTextContent('B advances to round 2, and predictions on Round 1 match 1 are scored.');
    expect(requests.some((r) => r.url === '/api/admin/tournaments/3/matches/1/winner')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'B wins' }));
    await waitFor(() => expect(toasts(store)).toContain('B advances.'));
    const winner = requests.find((r) => r.url === '/api/admin/tournaments/3/matches/1/winner')!;
    expect(JSON.parse(String(winner.body))).toEqual({ winner_name: 'B' });
  });

  it('asks for an explicit override before a winner the multipliers contradict, and sends it as one', async () => {
    const decided = {
      ...cup,
      matches: [{ ...match(1, 1, 1, 'A', 'B'), slot1_multiplier: 12.8, slot2_multiplier: 7.41 }, ...cup.matches.slice(1)],
    };
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/tournaments') return { body: { success: true, data: [decided] } };
      if (r.url === '/api/admin/tournaments/3' && r.method === 'GET') return { body: { success: true, data: decided } };
      if (r.url === '/api/admin/tournaments/3/matches/1/winner') return { status: 201, body: { success: true, data: decided } };
      return undefined;
    });
    const { store } = renderWithProviders(<TournamentsAdminPage />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Cup' }));
    const row = await screen.findByTestId('admin-match-1');
    fireEvent.click(within(row).getByRole('button', { name: 'B wins Round 1 match 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'B has the lower multiplier' });
    expect(dialog).toHaveTextContent('B scored 7.41x against 12.80x. Override only if the bracket');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Override: B wins' }));
    await waitFor(() => expect(toasts(store)).toContain('B advances.'));
    const winner = requests.find((r) => r.url === '/api/admin/tournaments/3/matches/1/winner')!;
    expect(JSON.parse(String(winner.body))).toEqual({ winner_name: 'B', override: true });
  });
});
