import { useId, useState, type FormEvent } from 'react';
import { PRIZE_POINTS_INVALID, parsePrizePoints } from '../bonus-hunts/prize-points';
import type { TournamentCreateInput } from './admin-tournaments-api';
import { TextField } from '../../components/ui/text-field';

const SIZES = [4, 8, 16, 32] as const;

interface TournamentFormProps {
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: TournamentCreateInput) => void;
  onCancel: () => void;
}

/** New tournament: name, size, the round-1 slots in bracket order (with optional multipliers) and prize points. */
export function TournamentForm({ saving, serverErrors, onSubmit, onCancel }: TournamentFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [size, setSize] = useState<number>(8);
  const [slots, setSlots] = useState<{ name: string; multiplier: string }[]>(() =>
    Array.from({ length: 32 }, () => ({ name: '', multiplier: '' })),
  );
  const [prizes, setPrizes] = useState('1000, 500, 250');
  const [predictionsOpen, setPredictionsOpen] = useState(true);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prizePoints = parsePrizePoints(prizes);
    if (prizePoints === null) {
      setLocalErrors({ prize_points: PRIZE_POINTS_INVALID });
      return;
    }
    setLocalErrors({});
    onSubmit({
      name: name.trim(),
      size,
      slots: slots
        .slice(0, size)
        .map((s) => ({ name: s.name.trim(), ...(s.multiplier.trim() ? { multiplier: s.multiplier.trim() } : {}) })),
      prize_points: prizePoints,
      predictions_active: predictionsOpen,
    });
  };

  const setSlot = (index: number, key: 'name' | 'multiplier', value: string) =>
    setSlots((current) => current.map((s, i) => (i === index ? { ...s, [key]: value } : s)));

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label="New tournament">
      <h2>New Tournament</h2>
      <TextField label="Name" value={name} onChange={setName} error={errors.name} required maxLength={120} />
      <div className="field">
        <label htmlFor={`${id}-size`}>Size</label>
        <select id={`${id}-size`} className="select" value={size} onChange={(event) => setSize(Number(event.target.value))}>
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s} slots
            </option>
          ))}
        </select>
      </div>
      <fieldset className="admin-grid tournament-admin-slots">
        <legend>Round 1 slots (in bracket order: 1 vs 2, 3 vs 4, …)</legend>
        {errors.slots && <p className="field-error">{errors.slots}</p>}
        {slots.slice(0, size).map((slot, i) => (
          <div key={i}>
            <TextField
              label={`Slot ${i + 1}`}
              value={slot.name}
              onChange={(v) => setSlot(i, 'name', v)}
              error={errors[`slots.${i}.name`]}
              required
              maxLength={100}
            />
            <TextField
              label={`Slot ${i + 1} multiplier`}
              value={slot.multiplier}
              onChange={(v) => setSlot(i, 'multiplier', v)}
              error={errors[`slots.${i}.multiplier`]}
              hint="Optional, e.g. 12.5"
            />
          </div>
        ))}
      </fieldset>
      <TextField
        label="Prize points (top predictors)"
        value={prizes}
        onChange={setPrizes}
        error={errors.prize_points}
        hint="Comma separated, rank 1 first"
      />
      <label className="checkbox">
        <input type="checkbox" checked={predictionsOpen} onChange={(event) => setPredictionsOpen(event.target.checked)} /> Open predictions
        now
      </label>
      <div className="admin-form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          Create Tournament
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
