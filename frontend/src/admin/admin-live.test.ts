import type { AdminRaffleTotalsPush } from '@kickback/contracts';
import type { LiveEntry } from '../lib/live-cache';
import { raffleTotalsFollower } from './admin-live';

type List = { data: { id: number; total_entries: number; participants_count: number }[] };

function harness() {
  let cached: List = { data: [{ id: 7, total_entries: 0, participants_count: 0 }] };
  let onTotals: (push: AdminRaffleTotalsPush) => void = () => undefined;
  const live = { on: (_event: string, handler: typeof onTotals) => (onTotals = handler) } as unknown as LiveEntry<List>;
  const update = (recipe: (data: List) => void) => recipe(cached);
  const follower = raffleTotalsFollower((list: List) => list.data);
  follower.follow(live, update);
  let answer!: () => void;
  const read = () => follower.reapplyAfter(new Promise<void>((resolve) => (answer = resolve)), update);
  return {
    push: (total: number) => onTotals({ raffle_id: 7, total_entries: total, participants_count: total }),
    read,
    /** The read's answer replaces the cached list, as RTK Query does, then its promise settles. */
    answers: async (reading: Promise<void>, total: number) => {
      cached = { data: [{ id: 7, total_entries: total, participants_count: total }] };
      answer();
      await reading;
    },
    shown: () => cached.data[0]!.total_entries,
  };
}

describe('raffleTotalsFollower', () => {
  it('a read that started before a push does not put the counters back when its older answer lands', async () => {
    const h = harness();
    const reading = h.read();
    h.push(1);
    expect(h.shown()).toBe(1);
    await h.answers(reading, 0);
    expect(h.shown()).toBe(1);
  });

  it('a read that started after the push keeps what the server answered, lower counters included', async () => {
    const h = harness();
    h.push(3);
    // Applying entry rules took entries out: the list is read again and the server's count is the truth.
    const reading = h.read();
    await h.answers(reading, 2);
    expect(h.shown()).toBe(2);
  });
});
