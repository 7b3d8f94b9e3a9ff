import { toRaffleEntryPush, type RaffleEntry, type RaffleParticipant } from '@kickback/contracts';
import {
  applyEntriesPush,
  applyEntryRows,
  entryTypesSummary,
  loadedParticipants,
  matchesSearch,
  participantName,
  pushedRows,
  raffleStatusLabel,
  winChance,
  type RaffleEntriesPages,
} from './raffle-logic';

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
  const person = (e: RaffleEntry): RaffleParticipant => {
    const { user, ...line } = e;
    return { user, tickets: e.tickets, entered_at: e.created_at, entries: [line] };
  };
  /** Two loaded pages (Cat, Bob | Ann); `next` says whether older entrants remain on the server. */
  const pages = (next: string | null): RaffleEntriesPages => ({
    pageParams: [null, '20'],
    pages: [
      { data: [person(entry(30, 3, 'Cat', 'cat_k', 1)), person(entry(20, 2, 'Bob', null, 1))], cursor: { next: '20', limit: 2 } },
      { data: [person(entry(10, 1, 'Ann', 'ann_k', 1))], cursor: { next, limit: 2 } },
    ],
  });

  it('names a person by kick username, falling back to username; search matches either, case-insensitively', () => {
    expect(participantName(entry(1, 1, 'Ann', ' ', 1).user)).toBe('Ann');
    expect(participantName(entry(1, 1, 'Ann', 'AnnK', 1).user)).toBe('AnnK');
    expect(matchesSearch(entry(1, 1, 'Ann', 'AnnK', 1).user, 'nnk')).toBe(true);
    expect(matchesSearch(entry(1, 1, 'Ann', null, 1).user, 'ANN')).toBe(true);
    expect(matchesSearch(entry(1, 1, 'Ann', null, 1).user, 'bob')).toBe(false);
    expect(matchesSearch(entry(1, 1, 'Ann', null, 1).user, '  ')).toBe(true);
  });

  it('applies pushed rows to loaded people, adds newcomers on top, and leaves older people to their page', () => {
    const data = pages('10');
    applyEntryRows(
      data,
      pushedRows({
        raffle_id: 1,
        total_entries: 9,
        participants_count: 5,
        omitted: 0,
        entries: [
          // Ann (loaded) buys 4 points tickets; a stale repeat of her free entry changes nothing.
          toRaffleEntryPush(entry(41, 1, 'Ann', 'ann_k', 4, 'points'), 10),
          toRaffleEntryPush(entry(10, 1, 'Ann', 'ann_k', 1), 10),
          // Dan and Eve are new; Old entered before everything loaded and is not shown until his page loads.
          toRaffleEntryPush(entry(42, 4, 'Dan', null, 1), 42),
          toRaffleEntryPush(entry(43, 5, 'Eve', null, 1), 43),
          toRaffleEntryPush(entry(44, 6, 'Old', null, 2, 'points'), 5),
        ],
      }),
      '',
    );
    const people = loadedParticipants(data.pages);
    expect(people.map((p) => [p.user.username, p.tickets])).toEqual([
      ['Eve', 1],
      ['Dan', 1],
      ['Cat', 1],
      ['Bob', 1],
      ['Ann', 5],
    ]);
    expect(people[4]!.entries.map((e) => e.id)).toEqual([10, 41]);
  });

  it('once every page is loaded any unknown person is new; a search keeps out newcomers it would not find', () => {
    const data = pages(null);
    applyEntryRows(data, [{ entry: entry(50, 6, 'Old', null, 1), firstEntryId: 5 }], '');
    expect(loadedParticipants(data.pages)[0]!.user.username).toBe('Old');
    const searched = pages(null);
    applyEntryRows(
      searched,
      [
        { entry: entry(51, 7, 'Zed', null, 1), firstEntryId: 51 },
        { entry: entry(52, 8, 'Annabel', null, 1), firstEntryId: 52 },
      ],
      'ann',
    );
    expect(loadedParticipants(searched.pages).map((p) => p.user.username)).toEqual(['Annabel', 'Cat', 'Bob', 'Ann']);
    // An own entry whose first entry is unknown only updates a loaded person.
    applyEntryRows(searched, [{ entry: entry(53, 9, 'Nobody', null, 1), firstEntryId: null }], '');
    expect(loadedParticipants(searched.pages)).toHaveLength(4);
  });

  it('after a push that left rows out, keeps only people at least as new as its oldest row, and the cursor goes on from them', () => {
    const data = pages('10');
    // 30 changed rows were older than 42: Bob (20) and Ann (10) may have changed unseen, Cat (30) may have missed a row.
    applyEntriesPush(
      data,
      {
        raffle_id: 1,
        total_entries: 90,
        participants_count: 40,
        omitted: 30,
        entries: [toRaffleEntryPush(entry(42, 4, 'Dan', null, 1), 42), toRaffleEntryPush(entry(43, 5, 'Eve', null, 1), 43)],
      },
      '',
    );
    expect(data.pages).toHaveLength(1);
    expect(data.pageParams).toEqual([null]);
    expect(loadedParticipants(data.pages).map((p) => p.user.username)).toEqual(['Eve', 'Dan']);
    expect(data.pages[0]!.cursor.next).toBe('42');
  });

  it('a complete push keeps every loaded page', () => {
    const data = pages('10');
    applyEntriesPush(
      data,
      {
        raffle_id: 1,
        total_entries: 4,
        participants_count: 4,
        omitted: 0,
        entries: [toRaffleEntryPush(entry(42, 4, 'Dan', null, 1), 42)],
      },
      '',
    );
    expect(loadedParticipants(data.pages).map((p) => p.user.username)).toEqual(['Dan', 'Cat', 'Bob', 'Ann']);
    expect(data.pages[1]!.cursor.next).toBe('10');
  });

  it('lists a person once even when they reached two pages', () => {
    const data = pages(null);
    data.pages[1]!.data.push(person(entry(30, 3, 'Cat', 'cat_k', 1)));
    expect(loadedParticipants(data.pages).map((p) => p.user.username)).toEqual(['Cat', 'Bob', 'Ann']);
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

  it('summarises entry types', () => {
    expect(
      entryTypesSummary({ allow_passwordless_entry: true, allow_points_entry: true, points_per_entry: 50, has_password_entry: true }),
    ).toEqual(['Free', '50 Points', 'Password']);
  });
});
