import type { LeaderboardPeriodType } from '@kickback/contracts';

export interface PeriodWindow {
  /** Inclusive. */
  start: Date;
  /** Exclusive: the moment the period ends and the countdown shows 'Ended'. */
  end: Date;
}

export interface PeriodSettings {
  periodType: LeaderboardPeriodType;
  customStart: Date | null;
  customEnd: Date | null;
}

const DAY_MS = 86_400_000;
/** Bi-weekly windows are counted in 14-day steps from this Monday (UTC). */
export const BIWEEKLY_ANCHOR = Date.UTC(2024, 0, 1);

/**
 * The period that contains `now`, all in UTC: monthly = calendar month, weekly = Monday 00:00
 * to the next Monday, bi-weekly = 14-day windows from Monday 2024-01-01, custom = exactly the
 * admin's start and end (it stays the current period after its end until changed).
 */
export function periodWindow(settings: PeriodSettings, now: Date): PeriodWindow {
  const t = now.getTime();
  switch (settings.periodType) {
    case 'monthly': {
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth();
      return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
    }
    case 'weekly': {
      const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      const start = dayStart - sinceMonday * DAY_MS;
      return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
    }
    case 'biweekly': {
      const span = 14 * DAY_MS;
      const start = BIWEEKLY_ANCHOR + Math.floor((t - BIWEEKLY_ANCHOR) / span) * span;
      return { start: new Date(start), end: new Date(start + span) };
    }
    case 'custom': {
      if (!settings.customStart || !settings.customEnd) throw new Error('a custom period needs a start and an end');
      return { start: settings.customStart, end: settings.customEnd };
    }
  }
}

export const sameWindow = (a: PeriodWindow, b: PeriodWindow): boolean =>
  a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();
