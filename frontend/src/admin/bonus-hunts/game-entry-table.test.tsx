import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminHuntDetail, AdminHuntGame } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { GameEntryTable, movedIds } from './game-entry-table';
import { parsePrizePoints } from './prize-points';
import { recordFetches } from '../../test/fetch-mocks';
import { huntDetail } from '../../test/hunt-fixtures';

const game = (id: number, name: string, bet: number, win: number | null): AdminHuntGame => ({
  id,
  slot_id: id,
  slot_name: name,
  slot_image: null,
  provider: { name: 'Hacksaw Gaming' },
  slot_bet: bet,
  slot_win: win,
  multiplier: win === null ? null : win / bet,
  opened: win !== null,
  position: id - 1,
});

const hunt = (status: AdminHuntDetail['status'], games: AdminHuntGame[]) => huntDetail({ status, games });

describe('GameEntryTable', () => {
  it('Enter saves the win once and moves to the win of the next slot', async () => {
    const games = [game(1, 'Chaos Crew', 2, null), game(2, 'Stick Em', 4, null)];
    const requests = recordFetches((request) => {
      if (request.method === 'PUT' && request.url === '/api/admin/bonus-hunts/5/games/1') {
        return { body: { success: true, data: hunt('opening', [game(1, 'Chaos Crew', 2, 50.5), games[1]!]) } };
      }
      return undefined;
    });
    renderWithProviders(<GameEntryTable hunt={hunt('opening', games)} />, { user: adminFixture });
    const first = screen.getByLabelText('Win for Chaos Crew');
    first.focus();
    fireEvent.change(first, { target: { value: '50.5' } });
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(screen.getByLabelText('Win for Stick Em')).toHaveFocus());
    fireEvent.blur(first);
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]!.body))).toEqual({ win: '50.5' });
    expect(first).toHaveValue('50.50');
  });

  it('while collecting, bets and the first win can be typed (the server starts opening with it); a finished hunt is locked', () => {
    mockFetch(() => undefined);
    const { unmount } = renderWithProviders(<GameEntryTable hunt={hunt('preparing', [game(1, 'Chaos Crew', 2, null)])} />, {
      user: adminFixture,
    });
    expect(screen.getByLabelText('Win for Chaos Crew')).toBeEnabled();
    expect(screen.getByLabelText('Bet for Chaos Crew')).toBeEnabled();
    unmount();
    renderWithProviders(<GameEntryTable hunt={hunt('completed', [game(1, 'Chaos Crew', 2, 4)])} />, { user: adminFixture });
    expect(screen.getByLabelText('Win for Chaos Crew')).toBeDisabled();
    expect(screen.getByLabelText('Bet for Chaos Crew')).toBeDisabled();
  });

  it('removing a slot asks first and says what is lost; only the confirmation deletes it', async () => {
    const requests = recordFetches((r) => {
      if (r.method === 'DELETE') return { body: { success: true, data: hunt('opening', []) } };
      return undefined;
    });
    renderWithProviders(<GameEntryTable hunt={hunt('opening', [game(1, 'Chaos Crew', 2, 50.5)])} />, { user: adminFixture });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Chaos Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Chaos Crew?' });
    expect(dialog).toHaveTextContent('Chaos Crew leaves Bonus Hunt #5 with its bet of $2.00 and its saved win of $50.50');
    fireEvent.click(screen.getByRole('button', { name: 'Keep slot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chaos Crew' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Chaos Crew?' })).getByRole('button', { name: 'Remove slot' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/admin/bonus-hunts/5/games/1']),
    );
  });

  it('moves ids and parses prize points', () => {
    const games = [game(1, 'A', 1, null), game(2, 'B', 1, null), game(3, 'C', 1, null)];
    expect(movedIds(games, 0, 1)).toEqual([2, 1, 3]);
    expect(movedIds(games, 0, -1)).toEqual([1, 2, 3]);
    expect(parsePrizePoints('1000, 500,250')).toEqual([1000, 500, 250]);
    expect(parsePrizePoints('')).toEqual([]);
    expect(parsePrizePoints('10.5')).toBeNull();
  });
});
