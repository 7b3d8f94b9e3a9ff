/** Jobs on the raffle-draws queue. */
export type RaffleJob = { name: 'start'; raffleId: number } | { name: 'draw'; raffleId: number } | { name: 'sweep' };
export const RAFFLE_SWEEP_EVERY_MS = 30_000;
