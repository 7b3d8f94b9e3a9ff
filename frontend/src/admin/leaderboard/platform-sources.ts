import type { LeaderboardPeriodType, LeaderboardSourceType } from '@kickback/contracts';

/** One setting of a source's config, edited as text (a number is sent as a number) or as a checkbox. */
export interface ConfigField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'bool';
  hint?: string;
}

export const SOURCE_LABELS: Record<LeaderboardSourceType, string> = {
  roobet: 'Roobet affiliate API',
  shuffle: 'Shuffle affiliate API',
  rainbet: 'Rainbet affiliate API',
  gamdom: 'Gamdom affiliate API (monthly)',
  stake: 'Stake leaderboard CSV',
  generic_json: 'Generic JSON API',
  manual_csv: 'Manual CSV upload',
};
export const CREDENTIAL_LABELS: Partial<Record<LeaderboardSourceType, string>> = {
  roobet: 'API token (Bearer)',
  shuffle: 'Affiliate UUID',
  rainbet: 'API key',
  gamdom: 'API key',
  stake: 'Access token (x-access-token)',
  generic_json: 'Secret ({key} in the URL or the auth header)',
};
export const PERIOD_LABELS: Record<LeaderboardPeriodType, string> = {
  monthly: 'Monthly',
  weekly: 'Weekly (Mon–Mon)',
  biweekly: 'Bi-weekly',
  custom: 'Custom start and end',
};

/** Every config field of every source, edited as text; only the chosen source's fields are sent. */
const CONFIG_FIELDS: Record<LeaderboardSourceType, ConfigField[]> = {
  roobet: [
    { key: 'user_id', label: 'Roobet user id', kind: 'text' },
    { key: 'weighted', label: 'Rank by weighted wager', kind: 'bool' },
  ],
  shuffle: [],
  rainbet: [],
  gamdom: [],
  stake: [{ key: 'page_size', label: 'Rows per page', kind: 'number' }],
  generic_json: [
    {
      key: 'url',
      label: 'URL',
      kind: 'text',
      hint: 'Placeholders: {start} {end} {start_ms} {end_ms} {start_s} {end_s} {start_date} {end_date} {key}',
    },
    {
      key: 'array_path',
      label: 'Path to the array',
      kind: 'text',
      hint: 'Dot path such as data.players; empty when the answer is the array',
    },
    { key: 'username_field', label: 'Username field', kind: 'text' },
    { key: 'wagered_field', label: 'Wagered field', kind: 'text' },
    { key: 'auth_header', label: 'Auth header name', kind: 'text', hint: 'e.g. Authorization or x-api-key; empty = none' },
    { key: 'auth_prefix', label: 'Auth header prefix', kind: 'text', hint: 'e.g. "Bearer "' },
  ],
  manual_csv: [],
};
const NETWORK_FIELDS: ConfigField[] = [
  { key: 'base_url', label: 'Base URL (leave empty for the casino default)', kind: 'text' },
  { key: 'timeout_ms', label: 'Timeout (ms)', kind: 'number' },
  { key: 'retries', label: 'Retries', kind: 'number' },
];

/** The config fields a source is set up with: its own, then the network ones (a generic JSON source names its own URL). */
export const fieldsFor = (type: LeaderboardSourceType) =>
  type === 'manual_csv' ? [] : [...CONFIG_FIELDS[type], ...(type === 'generic_json' ? NETWORK_FIELDS.slice(1) : NETWORK_FIELDS)];
