/** Two starts this close are one stream (Kick's timestamps of one start differ by its rounding and lag). */
export const SAME_START_MS = 60_000;

const ms = (d: Date | string | null | undefined): number => (d ? new Date(d).getTime() : NaN);

export const sameStart = (a: Date | string, b: Date | string) => Math.abs(ms(a) - ms(b)) <= SAME_START_MS;

export interface AppliedLive {
  is_live: boolean;
  started_at: Date | string | null;
  ended_at: Date | string | null;
  /** The delivery timestamp the state was applied at. */
  as_of: Date | string;
}

export interface IncomingStatus {
  is_live: boolean;
  started_at?: string | null;
  ended_at?: string | null;
}

/**
 * Whether a livestream status is older than the state applied, so applying it would move the site back in time. The
 * stream's own times decide where they say something: a "live" that started before the last applied end (Kick re-sent
 * it late, or its API still lists the stream) cannot reopen a stream that ended, a "live" of a stream older than the
 * open one changes nothing, and an "ended" of a stream older than the open one (or dated before it began) cannot close
 * it. Otherwise the
 * delivery's signed timestamp orders them.
 */
export function isStaleStatus(current: AppliedLive, status: IncomingStatus, sentAt: Date): boolean {
  const started = ms(status.started_at);
  const ended = ms(status.ended_at);
  const openSince = current.is_live ? ms(current.started_at) : NaN;
  const lastEnd = current.is_live ? NaN : ms(current.ended_at);
  if (status.is_live && !Number.isNaN(started)) {
    if (!Number.isNaN(openSince)) return started < openSince - SAME_START_MS;
    if (!Number.isNaN(lastEnd)) return started <= lastEnd;
  }
  if (!status.is_live && !Number.isNaN(openSince)) {
    // An end before the open stream began, or of a stream that began before it, is an older stream's.
    if (!Number.isNaN(ended) && ended < openSince) return true;
    if (!Number.isNaN(started)) return started < openSince - SAME_START_MS;
    if (!Number.isNaN(ended)) return false;
  }
  return sentAt.getTime() < ms(current.as_of);
}
