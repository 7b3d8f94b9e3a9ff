import { useId, useState, type FormEvent } from 'react';
import type { AdminPlatform, LeaderboardPeriodType, LeaderboardSourceType, PlatformInput } from '@kickback/contracts';
import { platformInputSchema } from '@kickback/contracts/api/leaderboard';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { CountryRuleControl, countryRuleError } from '../safety/country-rule-control';
import { SelectField } from '../../components/ui/select-field';
import { contractTextFields } from '../kit/contract-fields';
import { useContractValidation } from '../kit/use-contract-validation';
import { PlatformCredentialsField } from './platform-credentials-field';
import { fromPlatform, toPlatformInput, type PlatformFormState } from './platform-form-state';
import { PlatformPeriodDates } from './platform-period-dates';
import { PlatformSourceFields } from './platform-source-fields';
import { CREDENTIAL_LABELS, PERIOD_LABELS, SOURCE_LABELS } from './platform-sources';
import { SubmitButton } from '../kit/submit-button';

interface Props {
  initial: AdminPlatform | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: PlatformInput) => void;
  onCancel: () => void;
}

/**
 * A leaderboard platform in four groups (platform, data source, period, board). It stays a form of its own: the
 * source decides which settings and which secret it asks for, and the period whether it asks for dates.
 */
export function LeaderboardPlatformForm({ initial, saving, serverErrors, onSubmit, onCancel }: Props) {
  const [form, setForm] = useState<PlatformFormState>(() => fromPlatform(initial));
  const { errors, validate } = useContractValidation(platformInputSchema, serverErrors);
  const id = useId();
  const set = <K extends keyof PlatformFormState>(key: K, value: PlatformFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setConfig = (key: string, value: string | boolean) =>
    setForm((current) => ({ ...current, config: { ...current.config, [key]: value } }));
  const field = contractTextFields(platformInputSchema, form, (name, value) => set(name as keyof PlatformFormState, value), errors);
  const credentialLabel = CREDENTIAL_LABELS[form.source_type];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate(toPlatformInput(form, initial !== null));
    if (input) onSubmit(input);
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label={initial ? `Edit ${initial.name}` : 'New platform'}>
      <fieldset className="admin-fieldset">
        <legend>Platform</legend>
        <div className="admin-grid">
          {field('name', 'Name')}
          {field('slug', 'Slug', { hint: 'Lower-case letters, digits and -', required: true })}
          {/* Shown as optional as it always was: the form starts it at "$". */}
          {field('currency_symbol', 'Currency symbol', { required: false })}
          {field('display_order', 'Display order')}
        </div>
        <CheckboxField label="Active (shown on the site and refreshed)" checked={form.is_active} onChange={(v) => set('is_active', v)} />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Data source</legend>
        <SelectField
          id={`${id}-source`}
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
        </SelectField>
        <PlatformSourceFields source={form.source_type} config={form.config} setConfig={setConfig} errors={errors} />
        {credentialLabel && (
          <PlatformCredentialsField
            label={credentialLabel}
            stored={initial?.credentials}
            value={form.credentials}
            onChange={(v) => set('credentials', v)}
            clear={form.clear_credentials}
            onClearChange={(v) => set('clear_credentials', v)}
            error={errors.credentials}
          />
        )}
        {field('refresh_interval_seconds', 'Refresh every (seconds)', { hint: '60 to 86400' })}
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Period (UTC)</legend>
        <SelectField
          id={`${id}-period`}
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
        </SelectField>
        {form.period_type === 'custom' && (
          <PlatformPeriodDates
            start={form.custom_start}
            end={form.custom_end}
            onStart={(v) => set('custom_start', v)}
            onEnd={(v) => set('custom_end', v)}
            errors={errors}
          />
        )}
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Board</legend>
        <div className="admin-grid">
          {field('prizes', 'Prizes by rank', { multiline: true, rows: 5, hint: 'One amount per line: first line = 1st place' })}
          {field('excluded_usernames', 'Excluded usernames', {
            multiline: true,
            rows: 5,
            hint: "One per line, any case (e.g. the streamer's own account)",
          })}
          {field('display_count', 'Players shown', { hint: '3 to 1000, podium included' })}
        </div>
        <CheckboxField label="Mask usernames publicly (ab*****)" checked={form.mask_usernames} onChange={(v) => set('mask_usernames', v)} />
        <CountryRuleControl draft={form.countries} onChange={(v) => set('countries', v)} error={countryRuleError(errors)} />
      </fieldset>

      <div className="admin-form-actions">
        <SubmitButton busy={saving} busyText="Saving...">
          {initial ? 'Save Platform' : 'Create Platform'}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
