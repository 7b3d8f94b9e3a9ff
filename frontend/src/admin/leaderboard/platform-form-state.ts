import type { AdminPlatform, LeaderboardPeriodType, LeaderboardSourceType, PlatformInput } from '@kickback/contracts';
import { nonEmptyLines } from '../kit/list-fields';
import { fieldsFor } from './platform-sources';
import { fromCountryDraft, toCountryDraft, type CountryRuleDraft } from '../safety/country-rule-control';

/** What the platform form's inputs hold: numbers and lists as typed, every source's config side by side. */
export interface PlatformFormState {
  name: string;
  slug: string;
  currency_symbol: string;
  source_type: LeaderboardSourceType;
  config: Record<string, string | boolean>;
  credentials: string;
  clear_credentials: boolean;
  period_type: LeaderboardPeriodType;
  custom_start: string;
  custom_end: string;
  prizes: string;
  mask_usernames: boolean;
  excluded_usernames: string;
  is_active: boolean;
  display_order: string;
  refresh_interval_seconds: string;
  display_count: string;
  countries: CountryRuleDraft;
}

/** datetime-local inputs are edited in UTC (the product's period timezone). */
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);

export const fromPlatform = (p: AdminPlatform | null): PlatformFormState => ({
  name: p?.name ?? '',
  slug: p?.slug ?? '',
  currency_symbol: p?.currency_symbol ?? '$',
  source_type: p?.source_type ?? 'manual_csv',
  config: Object.fromEntries(Object.entries(p?.source_config ?? {}).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)])),
  credentials: '',
  clear_credentials: false,
  period_type: p?.period_type ?? 'monthly',
  custom_start: toLocalInput(p?.custom_start ?? null),
  custom_end: toLocalInput(p?.custom_end ?? null),
  prizes: (p?.prizes ?? []).join('\n'),
  mask_usernames: p?.mask_usernames ?? true,
  excluded_usernames: (p?.excluded_usernames ?? []).join('\n'),
  is_active: p?.is_active ?? true,
  display_order: String(p?.display_order ?? 0),
  refresh_interval_seconds: String(p?.refresh_interval_seconds ?? 300),
  display_count: String(p?.display_count ?? 100),
  countries: toCountryDraft(p?.countries),
});

/** The input the contract judges: only the chosen source's config, prizes read from "$1,000"-style lines. */
export function toPlatformInput(form: PlatformFormState, editing: boolean): PlatformInput {
  const config: Record<string, unknown> = {};
  for (const field of fieldsFor(form.source_type)) {
    const value = form.config[field.key];
    if (field.kind === 'bool') {
      if (value === true) config[field.key] = true;
    } else if (typeof value === 'string' && value.trim() !== '') {
      config[field.key] = field.kind === 'number' ? Number(value) : value.trim();
    }
  }
  const input: PlatformInput = {
    name: form.name,
    slug: form.slug,
    currency_symbol: form.currency_symbol,
    source_type: form.source_type,
    source_config: config,
    period_type: form.period_type,
    custom_start: form.period_type === 'custom' ? fromLocalInput(form.custom_start) : null,
    custom_end: form.period_type === 'custom' ? fromLocalInput(form.custom_end) : null,
    prizes: nonEmptyLines(form.prizes).map((line) => Number(line.replace(/[^\d.]/g, ''))),
    mask_usernames: form.mask_usernames,
    excluded_usernames: nonEmptyLines(form.excluded_usernames),
    is_active: form.is_active,
    display_order: Number(form.display_order) || 0,
    refresh_interval_seconds: Number(form.refresh_interval_seconds) || 300,
    display_count: Number(form.display_count) || 100,
    countries: fromCountryDraft(form.countries),
  };
  // Credentials: a new value replaces, "remove" clears, nothing keeps what is stored.
  if (form.clear_credentials) input.credentials = null;
  else if (form.credentials !== '') input.credentials = form.credentials;
  else if (!editing) input.credentials = undefined;
  return input;
}
