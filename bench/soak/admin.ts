import type { TestClient } from '../../libs/testing/src/test-client';
import type { OverlayWatcher } from './overlays';
import type { SoakWorld } from './world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GAMES = 6;
const SIZE = 8;

/** What the admin did that the checks compare: pushes the overlays must have had, draws and their winners. */
export interface AdminRecord {
  /** Hunt games whose win was set, and tournament matches whose winner was set (answered 200). */
  huntWins: number[];
  matchWinners: number[];
  /** Raffles drawn, with the number of winners the draw answered. */
  draws: { raffleId: number; winners: number }[];
  failed: string[];
}

export interface Overlays {
  hunt: OverlayWatcher;
  tournament: OverlayWatcher;
  raffle: OverlayWatcher;
}

/**
 * The streamer's night, compressed into cycles of `cycleMs`: each opens a raffle, a hunt (preparing, then opening
 * with its wins set one by one, then completed) and an 8-slot tournament (predictions open, then closed and its first
 * round decided), and draws the raffle at the end. The overlays follow each new hunt and tournament as OBS would.
 */
export class AdminSchedule {
  readonly record: AdminRecord = { huntWins: [], matchWinners: [], draws: [], failed: [] };
  private slotIds: number[] = [];
  private cycle = 0;

  constructor(
    private readonly admin: TestClient,
    private readonly world: SoakWorld,
    private readonly overlays: Overlays,
    private readonly cycleMs: number,
  ) {}

  /** An admin call retried through a Redis or api blip (the admin's browser tries again); null when it kept failing. */
  private async call<T>(what: string, method: string, path: string, body?: unknown): Promise<T | null> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await this.admin.json<{ data: T }>(method, path, body).catch(() => ({ status: 0, body: null }));
      if (res.status === 200 || res.status === 201) return res.body!.data;
      if (res.status !== 0 && res.status < 500) {
        this.record.failed.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return null;
      }
      await sleep(1000);
    }
    this.record.failed.push(`${what}: no answer after 10 tries`);
    return null;
  }

  async setup(): Promise<void> {
    for (let i = 0; i < GAMES; i++) {
      const slot = await this.call<{ id: number }>('slot', 'POST', '/api/admin/hunt-catalogue/slots', {
        name: `Bench Slot ${i + 1}`,
        provider_name: 'Bench Games',
      });
      this.slotIds.push(slot!.id);
    }
  }

  /** Runs cycles until `endAt` (ms since epoch); a cycle that would not finish by then is not started. */
  async run(endAt: number): Promise<void> {
    while (Date.now() + this.cycleMs <= endAt) await this.runCycle();
  }

  private async at(start: number, fraction: number): Promise<void> {
    await sleep(Math.max(0, start + fraction * this.cycleMs - Date.now()));
  }

  private async runCycle(): Promise<void> {
    const start = Date.now();
    const n = ++this.cycle;
    const raffle = await this.call<{ id: number }>('raffle', 'POST', '/api/admin/raffles', {
      title: `Soak raffle ${n}`,
      start_datetime: new Date(start - 60_000).toISOString(),
      end_datetime: new Date(start + 3 * 3_600_000).toISOString(),
      number_of_winners: 3,
    });
    if (raffle) await this.overlays.raffle.follow(`raffle:${raffle.id}`);
    this.world.raffleId = raffle?.id ?? null;

    const hunt = await this.call<{ id: number }>('hunt', 'POST', '/api/admin/bonus-hunts', { starting_balance: '3000.00' });
    const games: number[] = [];
    if (hunt) {
      for (const slotId of this.slotIds) {
        const added = await this.call<{ games: { id: number }[] }>('hunt game', 'POST', `/api/admin/bonus-hunts/${hunt.id}/games`, {
          slot_id: slotId,
          bet: '20.00',
        });
        if (added) games.push(added.games[added.games.length - 1]!.id);
      }
      await this.overlays.hunt.follow(`hunt:${hunt.id}`);
      await this.call('hunt predictions', 'POST', `/api/admin/bonus-hunts/${hunt.id}/predictions`, { active: true });
      this.world.hunt = { id: hunt.id, preparing: true };
    }

    const tournament = await this.call<{ id: number; matches: { id: number; round: number; slot1_name: string; slot2_name: string }[] }>(
      'tournament',
      'POST',
      '/api/admin/tournaments',
      {
        name: `Soak Cup ${n}`,
        size: SIZE,
        predictions_active: true,
        slots: Array.from({ length: SIZE }, (_, i) => ({ name: `Cup ${n} Slot ${i + 1}`, multiplier: `${i + 1}.50` })),
      },
    );
    const firstRound = tournament?.matches.filter((m) => m.round === 1) ?? [];
    if (tournament) {
      await this.overlays.tournament.follow(`tournament:${tournament.id}`);
      this.world.tournament = {
        id: tournament.id,
        open: true,
        picks: firstRound.map((m) => ({ match_id: m.id, winner_name: m.slot1_name })),
      };
    }

    await this.at(start, 0.4);
    if (hunt && (await this.call('hunt opening', 'POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'opening' })))
      this.world.hunt = { id: hunt.id, preparing: false };
    if (tournament) {
      this.world.tournament = { ...this.world.tournament!, open: false };
      await this.call('tournament close', 'PUT', `/api/admin/tournaments/${tournament.id}`, { predictions_active: false });
    }

    // The wins and the match winners, spread over the cycle's next half.
    const changes: (() => Promise<void>)[] = [
      ...games.map((gameId, i) => async () => {
        const won = await this.call('hunt win', 'PUT', `/api/admin/bonus-hunts/${hunt!.id}/games/${gameId}`, { win: `${(i + 1) * 37}.50` });
        if (won) this.record.huntWins.push(gameId);
      }),
      ...firstRound.map((m) => async () => {
        // Slot 2 of each match has the higher multiplier, so it wins without the admin's override.
        const won = await this.call('match winner', 'POST', `/api/admin/tournaments/${tournament!.id}/matches/${m.id}/winner`, {
          winner_name: m.slot2_name,
        });
        if (won) this.record.matchWinners.push(m.id);
      }),
    ];
    for (const [i, change] of changes.entries()) {
      await this.at(start, 0.45 + (0.45 * i) / changes.length);
      await change();
    }

    await this.at(start, 0.92);
    if (hunt) {
      await this.call('hunt completed', 'POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'completed' });
      this.world.hunt = null;
    }
    if (raffle) {
      this.world.raffleId = null;
      const drawn = await this.call<{ winners: unknown[] }>('draw', 'POST', `/api/admin/raffles/${raffle.id}/draw`);
      if (drawn) this.record.draws.push({ raffleId: raffle.id, winners: drawn.winners.length });
    }
    this.world.tournament = null;
    await this.at(start, 1);
  }
}
