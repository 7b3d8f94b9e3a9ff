import { useId } from 'react';
import type { RacePrize } from '@kickback/contracts';
import { SelectField } from '../../components/ui/select-field';
import type { CustomField } from '../kit/form-layout';
import { useGetLeaderboardPlatformsQuery } from '../leaderboard/admin-leaderboard-api';

/** Times are edited in UTC, as the leaderboard's custom periods are: "2026-12-05T18:00" ↔ an ISO instant. */
const toInput = (iso: string) => iso.slice(0, 16);
const fromInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : '');

/** The input's text, and the stored instant it came from: left untouched, the instant is sent back to the second. */
interface TimeDraft {
  input: string;
  stored: string;
}

function UtcDateTime({ label, draft, set, error }: { label: string; draft: TimeDraft; set: (v: TimeDraft) => void; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="datetime-local"
        value={draft.input}
        onChange={(event) => set({ ...draft, input: event.target.value })}
      />
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

export const utcDateTime = (label: string): CustomField<TimeDraft> => ({
  draft: (value) => {
    const stored = typeof value === 'string' ? value : '';
    return { input: stored ? toInput(stored) : '', stored };
  },
  value: (draft) => (draft.stored && draft.input === toInput(draft.stored) ? draft.stored : fromInput(draft.input)),
  render: ({ draft, set, error }) => <UtcDateTime label={label} draft={draft} set={set} error={error} />,
});

function PlatformSelect({ draft, set, error }: { draft: string; set: (v: string) => void; error?: string }) {
  const id = useId();
  const platforms = useGetLeaderboardPlatformsQuery();
  return (
    <SelectField id={id} label="Casino (leaderboard platform)" value={draft} onChange={set} error={error}>
      <option value="">Choose a platform</option>
      {(platforms.data ?? []).map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.name} ({p.source_type})
        </option>
      ))}
    </SelectField>
  );
}

export const platformField: CustomField<string> = {
  draft: (value) => (typeof value === 'number' ? String(value) : ''),
  value: (draft) => (draft ? Number(draft) : undefined),
  render: ({ draft, set, error }) => <PlatformSelect draft={draft} set={set} error={error} />,
};

/** A place of the ladder as typed: an amount and currency, or a text. */
interface PlaceDraft {
  amount: string;
  currency: string;
  text: string;
}

const placeDraft = (prize: RacePrize): PlaceDraft =>
  'text' in prize ? { amount: '', currency: '', text: prize.text } : { amount: String(prize.amount), currency: prize.currency, text: '' };

/** Typed places to what the contract reads: an amount with its currency, or a text; the contract names a mix. */
const placeValue = (place: PlaceDraft) => ({
  ...(place.amount.trim() ? { amount: Number(place.amount) } : {}),
  ...(place.currency.trim() ? { currency: place.currency.trim() } : {}),
  ...(place.text.trim() ? { text: place.text.trim() } : {}),
});

function PrizeLadder({ draft, set, errors }: { draft: PlaceDraft[]; set: (v: PlaceDraft[]) => void; errors: Record<string, string> }) {
  const change = (i: number, field: keyof PlaceDraft, value: string) => set(draft.map((p, j) => (j === i ? { ...p, [field]: value } : p)));
  return (
    <fieldset className="field race-ladder-editor">
      <legend>Prize ladder</legend>
      {draft.map((place, i) => (
        <div className="admin-grid" key={i}>
          <label>
            Place {i + 1} amount
            <input className="input" inputMode="decimal" value={place.amount} onChange={(e) => change(i, 'amount', e.target.value)} />
          </label>
          <label>
            Place {i + 1} currency
            <input className="input" value={place.currency} onChange={(e) => change(i, 'currency', e.target.value)} />
          </label>
          <label>
            Place {i + 1} text prize
            <input className="input" value={place.text} onChange={(e) => change(i, 'text', e.target.value)} />
          </label>
          <button type="button" className="button button--ghost" onClick={() => set(draft.filter((_, j) => j !== i))}>
            Remove place {i + 1}
          </button>
          {errors[`prizes.${i}`] && <span className="field-error">{errors[`prizes.${i}`]}</span>}
        </div>
      ))}
      <button type="button" className="button button--ghost" onClick={() => set([...draft, { amount: '', currency: '$', text: '' }])}>
        Add place
      </button>
      {errors.prizes && <span className="field-error">{errors.prizes}</span>}
    </fieldset>
  );
}

export const prizeLadderField: CustomField<PlaceDraft[]> = {
  draft: (value) => (Array.isArray(value) ? (value as RacePrize[]).map(placeDraft) : []),
  value: (draft) => draft.map(placeValue),
  render: ({ draft, set, errors }) => <PrizeLadder draft={draft} set={set} errors={errors} />,
};
