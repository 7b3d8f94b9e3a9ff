import { useState, type FormEvent } from 'react';
import { adminRaffleCreateSchema, type AdminRaffle, type AdminRaffleInput } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ImageUpload } from '../../components/ui/image-upload';
import { ContractTextField } from '../kit/contract-fields';
import { RaffleRulesFields, rulesDraft, rulesInput } from './raffle-rules-fields';
import { SaveRaffleTemplate } from './save-raffle-template';
import { SmallButton } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

interface Props {
  initial: AdminRaffle | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: Partial<AdminRaffleInput>) => void;
  onCancel: () => void;
}

/** datetime-local wants local time without a zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const optionalNumber = (text: string) => (text.trim() ? Number(text) : null);

/** The form as typed: numbers and dates stay text until submit. */
function draftOf(raffle: AdminRaffle | null, now = Date.now()) {
  return {
    title: raffle?.title ?? '',
    description: raffle?.description ?? '',
    image: raffle?.image ?? null,
    prize_description: raffle?.prize_description ?? '',
    prize_value_usd: String(raffle?.prize_value_usd ?? 0),
    start: toLocalInput(raffle?.start_datetime ?? new Date(now).toISOString()),
    end: toLocalInput(raffle?.end_datetime ?? new Date(now + 86_400_000).toISOString()),
    number_of_winners: String(raffle?.number_of_winners ?? 1),
    allow_passwordless_entry: raffle?.allow_passwordless_entry ?? true,
    allow_points_entry: raffle?.allow_points_entry ?? false,
    points_per_entry: String(raffle?.points_per_entry ?? 100),
    max_tickets_per_user: raffle?.max_tickets_per_user ? String(raffle.max_tickets_per_user) : '',
    claim_window_minutes: raffle?.claim_window_minutes ? String(raffle.claim_window_minutes) : '',
    casino_credit_prize: raffle?.casino_credit_prize ?? false,
    password: '',
    remove_password: false,
    rules: rulesDraft(raffle?.entry_rules ?? null),
  };
}
type Draft = ReturnType<typeof draftOf>;
type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];

/** What a raffle and a template made from it share: everything but the title, the schedule and the password. */
const settingsOf = (d: Draft) => ({
  description: d.description,
  image: d.image,
  prize_description: d.prize_description,
  prize_value_usd: Number(d.prize_value_usd) || 0,
  number_of_winners: Number(d.number_of_winners),
  allow_passwordless_entry: d.allow_passwordless_entry,
  allow_points_entry: d.allow_points_entry,
  points_per_entry: d.allow_points_entry ? Number(d.points_per_entry) : null,
  max_tickets_per_user: optionalNumber(d.max_tickets_per_user),
  entry_rules: rulesInput(d.rules),
  claim_window_minutes: optionalNumber(d.claim_window_minutes),
  casino_credit_prize: d.casino_credit_prize,
});

/** The server judges the whole input (a rule out of range too); its errors show under the fields. */
export function RaffleForm({ initial, saving, serverErrors: errors, onSubmit, onCancel }: Props) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const password = draft.password.trim() ? draft.password.trim() : draft.remove_password ? null : undefined;
    onSubmit({
      title: draft.title,
      ...settingsOf(draft),
      start_datetime: new Date(draft.start).toISOString(),
      end_datetime: new Date(draft.end).toISOString(),
      ...(password !== undefined && { password }),
    });
  };

  const text = (name: TextKey, label: string, more: { hint?: string; multiline?: boolean } = {}) => (
    <ContractTextField
      schema={adminRaffleCreateSchema}
      name={name}
      label={label}
      value={draft[name]}
      onChange={(value) => set({ [name]: value })}
      error={errors[name]}
      {...more}
    />
  );
  const dateField = (key: 'start' | 'end', label: string) => (
    <div className="field">
      <label htmlFor={`raffle-${key}`}>{label}</label>
      <input
        id={`raffle-${key}`}
        className="input"
        type="datetime-local"
        value={draft[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        required
      />
      {errors[`${key}_datetime`] && <span className="field-error">{errors[`${key}_datetime`]}</span>}
    </div>
  );
  return (
    <form className="card admin-form" onSubmit={submit} aria-label={initial ? `Edit ${initial.title}` : 'New raffle'}>
      <h2>{initial ? `Edit ${initial.title}` : 'New raffle'}</h2>
      {text('title', 'Title')}
      {text('description', 'Description', { multiline: true })}
      <ImageUpload label="Image" onUploaded={(image) => set({ image })} />
      {draft.image && (
        <p className="field-hint">
          <img src={draft.image} alt="" width={120} /> <SmallButton onClick={() => set({ image: null })}>Remove image</SmallButton>
        </p>
      )}
      {text('prize_description', 'Prize')}
      {text('prize_value_usd', 'Prize value (USD)', { hint: 'Counts toward the total given away once drawn.' })}
      {dateField('start', 'Start')}
      {dateField('end', 'End')}
      {text('number_of_winners', 'Number of winners')}
      <CheckboxField
        label="Free (passwordless) entry"
        checked={draft.allow_passwordless_entry}
        onChange={(on) => set({ allow_passwordless_entry: on })}
        error={errors.allow_passwordless_entry}
      />
      <CheckboxField label="Points entry" checked={draft.allow_points_entry} onChange={(on) => set({ allow_points_entry: on })} />
      {draft.allow_points_entry && (
        <>
          {text('points_per_entry', 'Points per ticket')}
          {text('max_tickets_per_user', 'Max points tickets per member (empty = no limit)')}
        </>
      )}
      <div className="field">
        <label htmlFor="raffle-password">
          {initial?.has_password_entry ? 'New password (leave empty to keep)' : 'Password entry (leave empty for none)'}
        </label>
        <input
          id="raffle-password"
          className="input"
          type="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={(e) => set({ password: e.target.value })}
        />
        {errors.password && <span className="field-error">{errors.password}</span>}
      </div>
      {initial?.has_password_entry && (
        <CheckboxField label="Remove password entry" checked={draft.remove_password} onChange={(on) => set({ remove_password: on })} />
      )}
      <RaffleRulesFields draft={draft.rules} onChange={(rules) => set({ rules })} errors={errors} />
      {text('claim_window_minutes', 'Claim window (minutes)', {
        hint: 'Empty: winners need not claim. Otherwise an unclaimed prize passes to the next person in the draw order (e.g. 10 on stream, 2880 for 48 hours).',
      })}
      <CheckboxField
        label="The prize is casino credit (members taking a break from gambling cannot enter)"
        checked={draft.casino_credit_prize}
        onChange={(on) => set({ casino_credit_prize: on })}
      />
      <SaveRaffleTemplate
        settings={() => ({
          ...settingsOf(draft),
          duration_minutes: Math.max(1, Math.round((new Date(draft.end).getTime() - new Date(draft.start).getTime()) / 60_000)),
        })}
      />
      <div className="admin-form__actions">
        <SubmitButton busy={saving} busyText="Saving...">
          Save
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
