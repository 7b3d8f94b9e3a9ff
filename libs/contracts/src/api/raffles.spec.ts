import {
  RAFFLE_ENTRY_TYPES,
  fromRaffleEntryPush,
  pushedFirstEntryId,
  pushedPersonTickets,
  toRaffleEntryPush,
  type RaffleEntry,
} from './raffles';

const entry = (username: string, kickUsername: string | null, entryType: RaffleEntry['entry_type'] = 'passwordless'): RaffleEntry => ({
  id: 41,
  entry_type: entryType,
  tickets: 1,
  created_at: '2026-11-25T02:00:00.000Z',
  user: { id: 7, username, kick_username: kickUsername, avatar: null, avatar_url: null },
});

describe('raffle entry push rows', () => {
  it('carry a Kick name only where it differs from the site name, and read back as the entry they stand for', () => {
    const same = entry('ann_k', 'ann_k');
    const other = entry('Ann', 'ann_k');
    const none = entry('Ann', null);
    expect(toRaffleEntryPush(same, 41)[5]).toBe(0);
    expect(toRaffleEntryPush(other, 41)[5]).toBe('ann_k');
    expect(toRaffleEntryPush(none, 41)[5]).toBeNull();
    for (const e of [same, other, none]) expect(fromRaffleEntryPush(toRaffleEntryPush(e, 41), e.created_at)).toEqual(e);
  });

  it('carry the entry type as its index and a first entry equal to the row itself as 0', () => {
    for (const type of RAFFLE_ENTRY_TYPES) {
      const row = toRaffleEntryPush(entry('ann_k', 'ann_k', type), 41);
      expect(row[3]).toBe(RAFFLE_ENTRY_TYPES.indexOf(type));
      expect(fromRaffleEntryPush(row, '').entry_type).toBe(type);
    }
    const newcomer = toRaffleEntryPush(entry('ann_k', 'ann_k'), 41);
    const returning = toRaffleEntryPush(entry('ann_k', 'ann_k', 'points'), 12);
    expect([newcomer[7], pushedFirstEntryId(newcomer)]).toEqual([0, 41]);
    expect([returning[7], pushedFirstEntryId(returning)]).toEqual([12, 12]);
    expect(JSON.stringify(newcomer)).toBe('[41,7,1,0,"ann_k",0,null,0]');
  });

  it("carry the member's ticket total only when it differs from the row's own tickets", () => {
    const points = { ...entry('ann_k', 'ann_k', 'points'), tickets: 4 };
    expect(pushedPersonTickets(toRaffleEntryPush(points, 12))).toBe(4);
    const withFree = toRaffleEntryPush(points, 12, 5);
    expect([withFree[8], pushedPersonTickets(withFree)]).toEqual([5, 5]);
  });
});
