import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminPlatform, LeaderboardPeriodType, LeaderboardSourceType, PlatformInput } from '@kickback/contracts';
import { TextField } from '../../components/ui/text-field';

const SOURCE_LABELS: Record<LeaderboardSourceType, string> = {
  roobet: 'Roobet affiliate API',
  shuffle: 'Shuffle affiliate API',
  rainbet: 'Rainbet affiliate API',
  gamdom: 'Gamdom affiliate API (monthly)',
  stake: 'Stake leaderboard CSV',
  generic_json: 'Generic JSON API',
  manual_csv: 'Manual CSV upload',
};
const CREDENTIAL_LABELS: Partial<Record<LeaderboardSourceType, string>> = {
  roobet: 'API token (Bearer)',
  shuffle: 'Affiliate UUID',
  rainbet: 'API key',
  gamdom: 'API key',
  stake: 'Access token (x-access-token)',
  generic_json: 'Secret ({key} in the URL or the auth header)',
};
const PERIOD_LABELS: Record<LeaderboardPeriodType, string> = {
  monthly: 'Monthly',
  weekly: 'Weekly (Mon–Mon)',
  biweekly: 'Bi-weekly',
  custom: 'Custom start and end',
};

/** Every config field of every source, edited as text; only the chosen source's fields are sent. */
const CONFIG_FIELDS: Record<LeaderboardSourceType, { key: string; label: string; kind: 'text' | 'number' | 'bool'; hint?: string }[]> = {
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
const NETWORK_FIELDS = [
  { key: 'base_url', label: 'Base URL (leave empty for the casino default)', kind: 'text' as const },
  { key: 'timeout_ms', label: 'Timeout (ms)', kind: 'number' as const },
  { key: 'retries', label: 'Retries', kind: 'number' as const },
];

const fieldsFor = (type: LeaderboardSourceType) =>
  type === 'manual_csv' ? [] : [...CONFIG_FIELDS[type], ...(type === 'generic_json' ? NETWORK_FIELDS.slice(1) : NETWORK_FIELDS)];

interface FormState {
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
}

/** datetime-local inputs are edited in UTC (the product's period timezone). */
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);

const fromPlatform = (p: AdminPlatform | null): FormState => ({
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
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function toPlatformInput(form: FormState, editing: boolean): PlatformInput {
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
    prizes: lines(form.prizes).map((line) => Number(line.replace(/[^\d.]/g, ''))),
    mask_usernames: form.mask_usernames,
    excluded_usernames: lines(form.excluded_usernames),
    is_active: form.is_active,
    display_order: Number(form.display_order) || 0,
    refresh_interval_seconds: Number(form.refresh_interval_seconds) || 300,
    display_count: Number(form.display_count) || 100,
  };
  // Credentials: a new value replaces, "remove" clears, nothing keeps what is stored.
  if (form.clear_credentials) input.credentials = null;
  else if (form.credentials !== '') input.credentials = form.credentials;
  else if (!editing) input.credentials = undefined;
  return input;
}

interface Props {
  initial: AdminPlatform | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: PlatformInput) => void;
  onCancel: () => void;
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  error?: string;
}) {
  return (
    <div className="field">
      <label>
        {label}
        <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </select>
      </label>
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

export function LeaderboardPlatformForm({ initial, saving, serverErrors: errors, onSubmit, onCancel }: Props) {
  const [form, setForm] = useState<FormState>(() => fromPlatform(initial));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const setConfig = (key: string, value: string | boolean) =>
    setForm((current) => ({ ...current, config: { ...current.config, [key]: value } }));
  const credentialLabel = CREDENTIAL_LABELS[form.source_type];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(toPlatformInput(form, initial !== null));
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label={initial ? `Edit ${initial.name}` : 'New platform'}>
      <fieldset className="admin-fieldset">
        <legend>Platform</legend>
        <div className="admin-grid">
          <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={errors.name} required maxLength={60} />
          <TextField
            label="Slug"
            value={form.slug}
            onChange={(v) => set('slug', v)}
            error={errors.slug}
            hint="Lower-case letters, digits and -"
            required
            maxLength={40}
          />
          <TextField
            label="Currency symbol"
            value={form.currency_symbol}
            onChange={(v) => set('currency_symbol', v)}
            error={errors.currency_symbol}
            maxLength={8}
          />
          <TextField
            label="Display order"
            value={form.display_order}
            onChange={(v) => set('display_order', v)}
            error={errors.display_order}
          />
        </div>
        <Check label="Active (shown on the site and refreshed)" checked={form.is_active} onChange={(v) => set('is_active', v)} />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Data source</legend>
        <Select
          label="Source"
          value={form.source_type}
          onChange={(v) => set('source_type', v as LeaderboardSourceType)}
          error={errors.source_type}
        >
          {Object.entries(SOURCE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <div className="admin-grid">
          {fieldsFor(form.source_type).map((field) =>
            field.kind === 'bool' ? (
              <Check
                key={field.key}
                label={field.label}
                checked={form.config[field.key] === true}
                onChange={(v) => setConfig(field.key, v)}
              />
            ) : (
              <TextField
                key={field.key}
                label={field.label}
                value={typeof form.config[field.key] === 'string' ? (form.config[field.key] as string) : ''}
                onChange={(v) => setConfig(field.key, v)}
                error={errors[`source_config.${field.key}`]}
                hint={'hint' in field ? field.hint : undefined}
              />
            ),
          )}
        </div>
        {credentialLabel && (
          <div className="field">
            <label>
              {credentialLabel}
              <input
                className="input"
                type="password"
                autoComplete="off"
                value={form.credentials}
                placeholder={initial?.credentials === 'set' ? 'Stored — leave empty to keep' : 'Not set'}
                onChange={(event) => set('credentials', event.target.value)}
                aria-invalid={errors.credentials ? true : undefined}
              />
            </label>
            <span className="field-hint">Credentials: {initial?.credentials ?? 'not set'}. They are encrypted and never shown again.</span>
            {errors.credentials && <span className="field-error">{errors.credentials}</span>}
            {initial?.credentials === 'set' && (
              <Check label="Remove the stored credentials" checked={form.clear_credentials} onChange={(v) => set('clear_credentials', v)} />
            )}
          </div>
        )}
        <TextField
          label="Refresh every (seconds)"
          value={form.refresh_interval_seconds}
          onChange={(v) => set('refresh_interval_seconds', v)}
          error={errors.refresh_interval_seconds}
          hint="60 to 86400"
        />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Period (UTC)</legend>
        <Select
          label="Period"
          value={form.period_type}
          onChange={(v) => set('period_type', v as LeaderboardPeriodType)}
          error={errors.period_type}
        >
          {Object.entries(PERIOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {form.period_type === 'custom' && (
          <div className="admin-grid">
            <div className="field">
              <label>
                Start (UTC)
                <input
                  className="input"
                  type="datetime-local"
                  value={form.custom_start}
                  onChange={(event) => set('custom_start', event.target.value)}
                />
              </label>
              {errors.custom_start && <span className="field-error">{errors.custom_start}</span>}
            </div>
            <div className="field">
              <label>
                End (UTC)
                <input
                  className="input"
                  type="datetime-local"
                  value={form.custom_end}
                  onChange={(event) => set('custom_end', event.target.value)}
                />
              </label>
              {errors.custom_end && <span className="field-error">{errors.custom_end}</span>}
            </div>
          </div>
        )}
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Board</legend>
        <div className="admin-grid">
          <TextField
            label="Prizes by rank"
            value={form.prizes}
            onChange={(v) => set('prizes', v)}
            error={errors.prizes}
            multiline
            rows={5}
            hint="One amount per line: first line = 1st place"
          />
          <TextField
            label="Excluded usernames"
            value={form.excluded_usernames}
            onChange={(v) => set('excluded_usernames', v)}
            error={errors.excluded_usernames}
            multiline
            rows={5}
            hint="One per line, any case (e.g. the streamer's own account)"
          />
          <TextField
            label="Players shown"
            value={form.display_count}
            onChange={(v) => set('display_count', v)}
            error={errors.display_count}
            hint="3 to 1000, podium included"
          />
        </div>
        <Check label="Mask usernames publicly (ab*****)" checked={form.mask_usernames} onChange={(v) => set('mask_usernames', v)} />
      </fieldset>

      <div className="admin-form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Platform' : 'Create Platform'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
