import { useId, useState, type FormEvent } from 'react';
import { adminTournamentCreateSchema, TOURNAMENT_SIZES } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { PRIZE_POINTS_INVALID, parsePrizePoints } from '../bonus-hunts/prize-points';
import { ContractTextField } from '../kit/contract-fields';
import { useContractValidation } from '../kit/use-contract-validation';
import type { TournamentCreateInput } from './admin-tournaments-api';
import { SubmitButton } from '../kit/submit-button';

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
  const [slots, setSlots] = useState(() => Array.from({ length: 32 }, () => ({ name: '', multiplier: '' })));
  const [prizes, setPrizes] = useState('1000, 500, 250');
  const [predictionsOpen, setPredictionsOpen] = useState(true);
  // Prize points are typed as one text, so their message is the form's own; the contract judges the rest.
  const [prizesInvalid, setPrizesInvalid] = useState(false);
  const validation = useContractValidation(adminTournamentCreateSchema, serverErrors, { byPath: true });
  const errors = prizesInvalid ? { ...validation.errors, prize_points: PRIZE_POINTS_INVALID } : validation.errors;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prizePoints = parsePrizePoints(prizes);
    setPrizesInvalid(prizePoints === null);
    if (prizePoints === null) return;
    const input = {
      name: name.trim(),
      size,
      slots: slots
        .slice(0, size)
        .map((s) => ({ name: s.name.trim(), ...(s.multiplier.trim() ? { multiplier: s.multiplier.trim() } : {}) })),
      prize_points: prizePoints,
      predictions_active: predictionsOpen,
    };
    if (validation.validate(input)) onSubmit(input);
  };

  const setSlot = (index: number, key: 'name' | 'multiplier', value: string) =>
    setSlots((current) => current.map((s, i) => (i === index ? { ...s, [key]: value } : s)));

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label="New tournament">
      <h2>New Tournament</h2>
      <ContractTextField
        schema={adminTournamentCreateSchema}
        name="name"
        label="Name"
        value={name}
        onChange={setName}
        error={errors.name}
      />
      <SelectField id={`${id}-size`} label="Size" value={String(size)} onChange={(value) => setSize(Number(value))}>
        {TOURNAMENT_SIZES.map((s) => (
          <option key={s} value={s}>
            {s} slots
          </option>
        ))}
      </SelectField>
      <fieldset className="admin-grid">
        <legend>Round 1 slots (in bracket order: 1 vs 2, 3 vs 4, …)</legend>
        {errors.slots && <p className="field-error">{errors.slots}</p>}
        {slots.slice(0, size).map((slot, i) => (
          <div key={i}>
            <ContractTextField
              schema={adminTournamentCreateSchema}
              name="slots.0.name"
              label={`Slot ${i + 1}`}
              value={slot.name}
              onChange={(v) => setSlot(i, 'name', v)}
              error={errors[`slots.${i}.name`]}
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
      <CheckboxField label="Open predictions now" checked={predictionsOpen} onChange={setPredictionsOpen} />
      <div className="admin-form-actions">
        <SubmitButton busy={saving}>Create Tournament</SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
