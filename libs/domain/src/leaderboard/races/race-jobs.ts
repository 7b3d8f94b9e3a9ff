/** A race job: 'run' (the repeating refresh), 'start' (at the start: snapshot and first ranking), 'finish' (at the end), 'sweep'. */
export type RaceJob = { name: 'run' | 'start' | 'finish'; raceId: number } | { name: 'sweep' };

export const raceSchedulerId = (raceId: number) => `race:${raceId}`;
/** The catch-up sweep: starts and finishes that a lost job (a worker down at the time) missed. */
export const RACE_SWEEP_EVERY_MS = 60_000;
/** The end job runs this long after the end, so a source has the last bets and the database clock agrees. */
export const FINISH_MARGIN_MS = 1_000;
