import { pagePattern, type ReplayPattern } from '../lib/page-pattern';
import { replayReads } from '../lib/pooled-get';
import { RawRoomSocket } from '../lib/raw-room-socket';
import type { SoakWorld } from './world';

/** Viewers record no frames: their pushes are counted by the overlays, and a night of frames would grow the bench. */
const UNRECORDED = 'soak:unrecorded';
const PAGES = ['bonus-hunts', 'raffle', 'tournaments', 'store'] as const;

interface Viewer {
  socket: RawRoomSocket;
  page: string;
  base: string;
}

/**
 * Anonymous viewers on the live pages, as their phones hold them: each opens a page (its recorded first load, then
 * its rooms), the audience swells and ebbs over ten-minute waves, a third drop and come back every few minutes, and a
 * viewer whose socket the server closed (a restart) opens the page again.
 */
export class ViewerWaves {
  private viewers: Viewer[] = [];
  /** Joins under way per api, counted with its viewers when choosing one. */
  private readonly joining = new Map<string, number>();
  joins = 0;
  failures = 0;
  /** First-load reads not answered 200 (the page HTML needs a built frontend/dist). */
  readFailures = 0;

  constructor(
    private readonly bases: () => string[],
    private readonly world: SoakWorld,
    private readonly peak: number,
  ) {}

  get connected(): number {
    return this.viewers.filter((v) => v.socket.open).length;
  }

  private pattern(page: string): ReplayPattern {
    const id =
      page === 'raffle'
        ? this.world.raffleId
        : page === 'bonus-hunts'
          ? this.world.hunt?.id
          : page === 'tournaments'
            ? this.world.tournament?.id
            : 1;
    return pagePattern(page, { id: id ?? 1, n: id ?? 1 });
  }

  private async join(page: string): Promise<void> {
    // The api holding the fewest of the bench's viewers, as a least-connections balancer sends them: after a restart
    // the returning viewers fill the restarted api again.
    const held = (b: string) => this.viewers.filter((v) => v.base === b).length + (this.joining.get(b) ?? 0);
    const base = [...this.bases()].sort((a, b) => held(a) - held(b))[0]!;
    this.joining.set(base, (this.joining.get(base) ?? 0) + 1);
    const pattern = this.pattern(page);
    try {
      const load = await replayReads(base, pattern.firstLoadReads, { origin: base.replace('127.0.0.1', 'localhost') });
      this.readFailures += load.failed;
      const socket = await RawRoomSocket.join(base, base.replace('127.0.0.1', 'localhost'), pattern.rooms, UNRECORDED);
      this.viewers.push({ socket, page, base });
      this.joins++;
    } catch {
      this.failures++;
    } finally {
      this.joining.set(base, this.joining.get(base)! - 1);
    }
  }

  /** The audience this minute: 70–100 % of the peak, in a ten-minute wave. */
  target(minute: number): number {
    return Math.round(this.peak * (0.85 + 0.15 * Math.sin((2 * Math.PI * minute) / 10)));
  }

  /** Brings the audience to this minute's size, 20 joins at a time; with `reconnect`, a third leave and come back. */
  async tick(minute: number, reconnect: boolean): Promise<void> {
    const dropped = this.viewers.filter((v) => !v.socket.open);
    this.viewers = this.viewers.filter((v) => v.socket.open);
    const rejoin = dropped.map((v) => v.page);
    if (reconnect) {
      const third = this.viewers.filter((_, i) => i % 3 === minute % 3);
      third.forEach((v) => v.socket.close());
      this.viewers = this.viewers.filter((v) => !third.includes(v));
      rejoin.push(...third.map((v) => v.page));
    }
    const target = this.target(minute);
    while (this.viewers.length > target) this.viewers.pop()!.socket.close();
    const pages = rejoin.slice(0, Math.max(0, target - this.viewers.length));
    while (this.viewers.length + pages.length < target) pages.push(PAGES[(this.viewers.length + pages.length) % PAGES.length]!);
    for (let i = 0; i < pages.length; i += 20) await Promise.all(pages.slice(i, i + 20).map((p) => this.join(p)));
  }

  close(): void {
    this.viewers.forEach((v) => v.socket.close());
    this.viewers = [];
  }
}
