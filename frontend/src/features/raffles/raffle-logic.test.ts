import { toRaffleEntryPush, type RaffleEntry } from '@kickback/contracts';
import { applyEntriesPush } from '../../lib/raffle-entries';
import { entryTypesSummary, filterParticipants, groupParticipants, raffleStatusLabel, winChance } from './raffle-logic';

const entry = (
  id: number,
  userId: number,
  username: string,
  kick: string | null,
  tickets: number,
  type: RaffleEntry['entry_type'] = 'passwordless',
): RaffleEntry => ({
  id,
  entry_type: type,
  tickets,
  created_at: '2026-11-22T00:00:00Z',
  user: { id: userId, username, kick_username: kick, avatar: null, avatar_url: null },
});

describe('raffle logic', () => {
  it('groups per person by kick username (falling back to username) and sorts by tickets', () => {
    const people = groupParticipants([
      entry(1, 1, 'Ann', 'ann_k', 1),
      entry(2, 2, 'Bob', null, 1),
      entry(3, 1, 'Ann', 'ann_k', 5, 'points'),
    ]);
    expect(people.map((p) => [p.name, p.tickets])).toEqual([
      ['ann_k', 6],
      ['Bob', 1],
    ]);
  });

  it('search is a case-insensitive substring match', () => {
    const people = groupParticipants([entry(1, 1, 'Ann', 'AnnK', 1), entry(2, 2, 'Bob', null, 1)]);
    expect(filterParticipants(people, 'nnk').map((p) => p.name)).toEqual(['AnnK']);
    expect(filterParticipants(people, '  ')).toHaveLength(2);
  });

  it('win chance has 2 decimals', () => {
    expect(winChance(1, 3)).toBe('33.33%');
    expect(winChance(0, 0)).toBe('0.00%');
  });

  it('status labels follow SPEC §4', () => {
    expect(raffleStatusLabel({ has_ended: true, is_accepting_entries: false })).toBe('Ended');
    expect(raffleStatusLabel({ has_ended: false, is_accepting_entries: true })).toBe('Active');
    expect(raffleStatusLabel({ has_ended: false, is_accepting_entries: false })).toBe('Pending');
    expect(raffleStatusLabel({ has_ended: false, is_accepting_entries: false }, true)).toBe('Not Started');
  });

  it('summarises entry types and upserts pushed entries by id', () => {
    expect(
      entryTypesSummary({ allow_passwordless_entry: true, allow_points_entry: true, points_per_entry: 50, has_password_entry: true }),
    ).toEqual(['Free', '50 Points', 'Password']);
    const list = [entry(1, 1, 'Ann', null, 1, 'points')];
    applyEntriesPush(list, {
      raffle_id: 1,
      total_entries: 5,
      participants_count: 2,
      entries: [toRaffleEntryPush(entry(1, 1, 'Ann', null, 3, 'points')), toRaffleEntryPush(entry(2, 2, 'Bob', null, 1))],
    });
    expect(list.map((e) => [e.id, e.tickets, e.user.username])).toEqual([
      [1, 3, 'Ann'],
      [2, 1, 'Bob'],
    ]);
    // A stale push (fewer tickets than already shown) does not lower the count.
    applyEntriesPush(list, {
      raffle_id: 1,
      total_entries: 5,
      participants_count: 2,
      entries: [toRaffleEntryPush(entry(1, 1, 'Ann', null, 2, 'points'))],
    });
    expect(list[0]!.tickets).toBe(3);
    // The admin list builds its own rows from the same push.
    const admin: (RaffleEntry & { points_spent: number })[] = [];
    applyEntriesPush(
      admin,
      { raffle_id: 1, total_entries: 1, participants_count: 1, entries: [toRaffleEntryPush(entry(7, 3, 'Cat', 'cat_k', 1))] },
      (e) => ({
        ...e,
        points_spent: 0,
      }),
    );
    expect(admin).toEqual([expect.objectContaining({ id: 7, points_spent: 0, user: expect.objectContaining({ kick_username: 'cat_k' }) })]);
  });
});
