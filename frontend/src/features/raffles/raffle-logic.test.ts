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
      'newest',
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
    applyEntryRows(data, [{ entry: entry(50, 6, 'Old', null, 1), firstEntryId: 5 }], '', 'newest');
    expect(loadedParticipants(data.pages)[0]!.user.username).toBe('Old');
    const searched = pages(null);
    applyEntryRows(
      searched,
      [
        { entry: entry(51, 7, 'Zed', null, 1), firstEntryId: 51 },
        { entry: entry(52, 8, 'Annabel', null, 1), firstEntryId: 52 },
      ],
      'ann',
      'newest',
    );
    expect(loadedParticipants(searched.pages).map((p) => p.user.username)).toEqual(['Annabel', 'Cat', 'Bob', 'Ann']);
    // An own entry whose first entry is unknown only updates a loaded person.
    applyEntryRows(searched, [{ entry: entry(53, 9, 'Nobody', null, 1), firstEntryId: null }], '', 'newest');
    expect(loadedParticipants(searched.pages)).toHaveLength(4);
  });

  it('most tickets first: a person moves up as their tickets grow, a newcomer below the loaded places waits for its page', () => {
    // Loaded: Cat 3 tickets, Bob 2 | Ann 1; people ranked below Ann (1 ticket, first entry 10) are on the server.
    const data: RaffleEntriesPages = {
      pageParams: [null, '2.20'],
      pages: [
        {
          data: [person(entry(30, 3, 'Cat', 'cat_k', 3, 'points')), person(entry(20, 2, 'Bob', null, 2, 'points'))],
          cursor: { next: '2.20', limit: 2 },
        },
        { data: [person(entry(10, 1, 'Ann', 'ann_k', 1))], cursor: { next: '1.10', limit: 2 } },
      ],
    };
    applyEntriesPush(
      data,
      {
        raffle_id: 1,
        total_entries: 16,
        participants_count: 5,
        omitted: 0,
        entries: [
          // Ann buys 4 tickets (5 in all) and passes Cat; Dan arrives with 4; Eve with 1 ranks below Ann's old place.
          toRaffleEntryPush(entry(41, 1, 'Ann', 'ann_k', 4, 'points'), 10, 5),
          toRaffleEntryPush(entry(42, 4, 'Dan', null, 4, 'points'), 42),
          toRaffleEntryPush(entry(43, 5, 'Eve', null, 1), 43),
        ],
      },
      '',
      'tickets',
    );
    expect(loadedParticipants(data.pages).map((p) => [p.user.username, p.tickets])).toEqual([
      ['Ann', 5],
      ['Dan', 4],
      ['Cat', 3],
      ['Bob', 2],
    ]);
    // Eve comes with the next page, which still starts after Ann's old place.
    expect(data.pages.at(-1)!.cursor.next).toBe('1.10');
  });

  it('most tickets first, after a push that left rows out, keeps only people ranked at least as high as its last page row', () => {
    const data: RaffleEntriesPages = {
      pageParams: [null],
      pages: [
        {
          data: [person(entry(30, 3, 'Cat', 'cat_k', 9, 'points')), person(entry(20, 2, 'Bob', null, 2, 'points'))],
          cursor: { next: '2.20', limit: 2 },
        },
      ],
    };
    const rows = Array.from({ length: 50 }, (_, i) => toRaffleEntryPush(entry(100 + i, 100 + i, `n${i}`, null, 3, 'points'), 100 + i));
    applyEntriesPush(data, { raffle_id: 1, total_entries: 200, participants_count: 60, omitted: 9, entries: rows }, '', 'tickets');
    const names = loadedParticipants(data.pages).map((p) => p.user.username);
    // Cat (9) ranks above every pushed row; Bob (2) below the 50th, where rows may be missing: read again by cursor.
    expect(names[0]).toBe('Cat');
    expect(names).not.toContain('Bob');
    expect(names).toHaveLength(51);
    expect(data.pages[0]!.cursor.next).toBe('3.149');
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
      'newest',
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
      'newest',
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
    expect(winChance({ tickets: 1 }, 3, { total_tickets: 3, total_weight: 3 })).toBe('33.33%');
    expect(winChance({ tickets: 0 }, 0, undefined)).toBe('0.00%');
    // Subscriber luck: a ×3 subscriber with 1 ticket beside 2 plain tickets holds 3 of 5 weight, the others 1 of 5 each.
    expect(winChance({ tickets: 1, multiplier: 3 }, 3, { total_tickets: 3, total_weight: 5 })).toBe('60.00%');
    expect(winChance({ tickets: 1, multiplier: 1 }, 3, { total_tickets: 3, total_weight: 5 })).toBe('20.00%');
    // Two tickets pushed since the read count ×1 until the list is read again.
    expect(winChance({ tickets: 1, multiplier: 3 }, 5, { total_tickets: 3, total_weight: 5 })).toBe('42.86%');
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
