import { z } from 'zod';

/**
 * The years a raffle or a leaderboard period may be scheduled in. Date.parse reads years 0 and ±275760, which
 * PostgreSQL's timestamptz or our own date arithmetic cannot hold; no stream is scheduled outside this window.
 */
export const SCHEDULE_YEARS = { min: 2000, max: 2100 } as const;
export const SCHEDULE_YEARS_MESSAGE = `Enter a date between the years ${SCHEDULE_YEARS.min} and ${SCHEDULE_YEARS.max}.`;

export function inScheduleYears(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= SCHEDULE_YEARS.min && year <= SCHEDULE_YEARS.max;
}

/** `parses` (the field's own check that the text is a date) and, for a date it reads, one within SCHEDULE_YEARS. */
export const scheduleDate = (parses: z.ZodType<string>) =>
  parses.refine((v) => Number.isNaN(Date.parse(v)) || inScheduleYears(v), SCHEDULE_YEARS_MESSAGE);
