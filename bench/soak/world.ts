/** What the admin has running right now, read by the members on each of their turns. */
export interface SoakWorld {
  /** The open raffle members enter, if any. */
  raffleId: number | null;
  /** The hunt members predict on while it is preparing. */
  hunt: { id: number; preparing: boolean } | null;
  /** The tournament whose predictions are open, with its first round's matches and a slot of each. */
  tournament: { id: number; open: boolean; picks: { match_id: number; winner_name: string }[] } | null;
  storeItemId: number;
}

/** Every acknowledged action of the bench, to be compared with what the database holds at the end. */
export class SoakLedger {
  /** raffle id → members whose entry was answered 200. */
  readonly entries = new Map<number, Set<number>>();
  readonly huntPredictions = new Map<number, Set<number>>();
  readonly tournamentPredictions = new Map<number, Set<number>>();
  /** Idempotency keys of redemptions answered 200, and of every redemption tried. */
  readonly redeemed = new Set<string>();
  readonly redeemTried = new Set<string>();
  /** Kick message ids answered 200: kicks gifted (each earns one award) and chat messages. */
  readonly gifts = new Set<string>();
  readonly chats = new Set<string>();
  giftDuplicatesSent = 0;
  /** Actions still answered 5xx (or not at all) after every retry, by kind: the site was away for that member. */
  readonly failed: Record<string, number> = {};
  /** Actions refused with a 4xx, by kind: a raffle drawn or a hunt opened while the turn was on its way, as on the page. */
  readonly refused: Record<string, number> = {};
  /** Latencies per minute of the night, ms: members' page reads and raffle entries. */
  readonly reads: number[][] = [];
  readonly enters: number[][] = [];

  add(map: Map<number, Set<number>>, id: number, member: number): void {
    const set = map.get(id) ?? new Set<number>();
    set.add(member);
    map.set(id, set);
  }

  /** The first answer of each kind and status refused, so a night says why without a verbose run. */
  readonly firstRefusals: Record<string, string> = {};

  /** A refusal is counted under its kind and status ("kicks.gifted 401"), so a night names what it was refused. */
  fail(kind: string, status: number, text: string): void {
    if (status >= 400 && status < 500) {
      const key = `${kind} ${status}`;
      this.refused[key] = (this.refused[key] ?? 0) + 1;
      this.firstRefusals[key] ??= text.slice(0, 200);
    } else this.failed[kind] = (this.failed[kind] ?? 0) + 1;
  }

  time(list: number[][], minute: number, ms: number): void {
    (list[minute] ??= []).push(ms);
  }
}
