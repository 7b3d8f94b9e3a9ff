// No zod here: the site's first-load formatter imports this.

/**
 * The units of a relative time ("5 minutes ago", "in 2 hours"): a span under `limitSeconds` is counted in whole
 * `unitSeconds`. The site's formatter and the API's `created_at_human` read the same table, so they say the same.
 */
export const RELATIVE_TIME_STEPS: ReadonlyArray<readonly [limitSeconds: number, unitSeconds: number, unit: string]> = [
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [604_800, 86_400, 'day'],
  [2_629_800, 604_800, 'week'],
  [31_557_600, 2_629_800, 'month'],
  [Number.POSITIVE_INFINITY, 31_557_600, 'year'],
];
