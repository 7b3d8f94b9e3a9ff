/**
 * Hunt night (issue #16 item 1): 1,000 anonymous viewers on /bonus-hunts, replaying the page's recorded first load,
 * while an admin enters BENCH_WINS wins (default 30) over BENCH_WIN_SECONDS (default 60); each win is announced by
 * `hunt:game`. What is measured and the ceilings beside it: bench/lib/live-night.ts.
 *
 * Run: npm run build:frontend && npm run bench hunt-night
 *   (regenerate the fixture when the page changes: docs/performance.md "Page request patterns")
 */
import { runLiveNight, type LiveChange } from './lib/live-night';

void runLiveNight({
  name: 'hunt night',
  page: 'bonus-hunts',
  path: '/bonus-hunts',
  changes: 'wins',
  defaultChanges: 30,
  event: 'hunt:game',
  room: (id) => `hunt:${id}`,
  keysOf: (payload) => [(payload as { game: { id: number } }).game.id],
  // The streamer's setup: one slot per win, a hunt with one game each, opening started.
  async setup(admin, count) {
    const hunt = (await admin.json<{ data: { id: number } }>('POST', '/api/admin/bonus-hunts', { starting_balance: '3000.00' })).body.data;
    const changes: LiveChange[] = [];
    for (let i = 0; i < count; i++) {
      const slot = await admin.json<{ data: { id: number } }>('POST', '/api/admin/hunt-catalogue/slots', {
        name: `Bench Slot ${i + 1}`,
        provider_name: 'Bench Games',
      });
      const added = await admin.json<{ data: { games: { id: number }[] } }>('POST', `/api/admin/bonus-hunts/${hunt.id}/games`, {
        slot_id: slot.body.data.id,
        bet: '20.00',
      });
      const gameId = added.body.data.games[added.body.data.games.length - 1]!.id;
      changes.push({
        key: gameId,
        make: () => admin.json('PUT', `/api/admin/bonus-hunts/${hunt.id}/games/${gameId}`, { win: `${(i + 1) * 37}.50` }),
      });
    }
    const opening = await admin.json('POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'opening' });
    if (opening.status !== 200 && opening.status !== 201)
      throw new Error(`could not start opening: ${opening.status} ${JSON.stringify(opening.body)}`);
    return { id: hunt.id, changes };
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
