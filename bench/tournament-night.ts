/**
 * Tournament night: 1,000 anonymous viewers on /tournaments/{id}, replaying the page's recorded first load, while an
 * admin sets the winners of a 32-slot bracket's first round (BENCH_WINS, default 16) over BENCH_WIN_SECONDS (default
 * 60); each winner is announced by `tournament:match`. What is measured and the ceilings beside it:
 * bench/lib/live-night.ts.
 *
 * Run: npm run build:frontend && npm run bench tournament-night
 */
import { runLiveNight, type LiveChange } from './lib/live-night';

const SIZE = 32;

void runLiveNight({
  name: 'tournament night',
  page: 'tournaments',
  path: '/tournaments/{id}',
  changes: 'match winners',
  defaultChanges: SIZE / 2,
  event: 'tournament:match',
  room: (id) => `tournament:${id}`,
  keysOf: (payload) => (payload as { matches: { id: number }[] }).matches.map((m) => m.id),
  // The streamer's setup: a 32-slot bracket with predictions closed, as while the matches are played.
  async setup(admin, count) {
    const created = await admin.json<{ data: { id: number; matches: { id: number; round: number; slot1_name: string }[] } }>(
      'POST',
      '/api/admin/tournaments',
      {
        name: 'Bench Cup',
        size: SIZE,
        predictions_active: false,
        slots: Array.from({ length: SIZE }, (_, i) => ({ name: `Bench Slot ${i + 1}`, multiplier: `${i + 1}.50` })),
      },
    );
    if (created.status !== 201) throw new Error(`could not create the tournament: ${created.status} ${JSON.stringify(created.body)}`);
    const { id, matches } = created.body.data;
    const changes: LiveChange[] = matches
      .filter((m) => m.round === 1)
      .slice(0, count)
      .map((m) => ({
        key: m.id,
        make: () => admin.json('POST', `/api/admin/tournaments/${id}/matches/${m.id}/winner`, { winner_name: m.slot1_name }),
      }));
    return { id, changes };
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
