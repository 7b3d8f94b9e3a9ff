import { fromRaffleEntryPush, toRaffleEntryPush, type RaffleEntry } from './raffles';

const entry = (username: string, kickUsername: string | null): RaffleEntry => ({
  id: 41,
  entry_type: 'passwordless',
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
});
