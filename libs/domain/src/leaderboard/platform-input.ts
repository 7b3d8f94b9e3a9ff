import {
  SOURCES_NEEDING_CREDENTIALS,
  sourceConfigSchemas,
  type LeaderboardPeriodType,
  type LeaderboardSourceType,
  type PlatformInput,
} from '@kickback/contracts';
import { unprocessable, zodFieldErrors } from '@kickback/platform';

export interface ResolvedPlatformInput extends Omit<PlatformInput, 'credentials'> {
  source_config: Record<string, unknown>;
}

/**
 * Rules that span fields: the source's own config schema, a secret for sources that need one,
 * custom windows with start before end, and Gamdom's monthly buckets needing monthly periods.
 */
export function validatePlatform(input: ResolvedPlatformInput, hasCredentials: boolean): Record<string, unknown> {
  const errors: Record<string, string[]> = {};
  const parsed = sourceConfigSchemas[input.source_type as LeaderboardSourceType].safeParse(input.source_config);
  let config: Record<string, unknown> = {};
  if (parsed.success) config = parsed.data as Record<string, unknown>;
  else for (const [field, messages] of Object.entries(zodFieldErrors(parsed.error))) errors[`source_config.${field}`] = messages;
  if (SOURCES_NEEDING_CREDENTIALS.includes(input.source_type) && !hasCredentials) {
    errors.credentials = ['This data source needs credentials.'];
  }
  checkPeriod(input.period_type, input.custom_start, input.custom_end, errors);
  if (input.source_type === 'gamdom' && input.period_type !== 'monthly') {
    errors.period_type = ['Gamdom reports monthly totals, so its period must be monthly.'];
  }
  if (Object.keys(errors).length) throw unprocessable('The given data was invalid.', errors);
  return config;
}

function checkPeriod(type: LeaderboardPeriodType, start: string | null, end: string | null, errors: Record<string, string[]>): void {
  if (type !== 'custom') return;
  if (!start) errors.custom_start = ['A custom period needs a start.'];
  if (!end) errors.custom_end = ['A custom period needs an end.'];
  if (start && end && new Date(end) <= new Date(start)) errors.custom_end = ['The end must be after the start.'];
}
