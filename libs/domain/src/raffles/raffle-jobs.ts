/** Jobs on the raffle-draws queue. */
export type RaffleJob =
  | { name: 'start'; raffleId: number }
  | { name: 'draw'; raffleId: number }
  /** The next claim window of the raffle closes: pass unclaimed prizes on. */
  | { name: 'claims'; raffleId: number }
  | { name: 'sweep' };
export const RAFFLE_SWEEP_EVERY_MS = 30_000;
/** Delay added to a draw job past the end time. */
export const DRAW_MARGIN_MS = 200;
/** A draw job that finds its raffle ending within this window retries (BullMQ backoff) instead of waiting for the sweep. */
export const DRAW_RETRY_WINDOW_MS = 15_000;
