import { useId, useState, type FormEvent } from 'react';
import type { HuntPrediction } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { useSubmitPredictionMutation } from '../bonus-hunts-api';

interface PredictionFormProps {
  huntId: number;
  existing: HuntPrediction | null;
  /** Slot names of the hunt, offered as suggestions for the highest multiplier game. */
  slotNames: string[];
  loggedIn: boolean;
  predictionsActive: boolean;
}

type Field = 'end_balance' | 'highest_multiplier' | 'highest_multiplier_game';

/** SPEC §2/§5: 'Make Your Prediction' or 'Update Your Prediction'; numbers step 0.01, every field required. */
export function PredictionForm({ huntId, existing, slotNames, loggedIn, predictionsActive }: PredictionFormProps) {
  const id = useId();
  const toast = useToast();
  const [submit, { isLoading }] = useSubmitPredictionMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    end_balance: existing ? String(existing.end_balance) : '',
    highest_multiplier: existing ? String(existing.highest_multiplier) : '',
    highest_multiplier_game: existing?.highest_multiplier_game ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn) {
      toast.error('Please log in to make predictions');
      return;
    }
    if (!predictionsActive) {
      toast.error('Predictions are not active for this hunt');
      return;
    }
    setErrors({});
    try {
      const result = await submit({
        huntId,
        body: {
          end_balance: Number(values.end_balance),
          highest_multiplier: Number(values.highest_multiplier),
          highest_multiplier_game: values.highest_multiplier_game.trim(),
        },
      }).unwrap();
      toast.success(result.message);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to submit prediction'));
    }
  };

  const field = (name: Field, label: string, type: 'number' | 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="input"
        name={name}
        type={type}
        required
        {...(type === 'number' ? { step: '0.01', min: '0', inputMode: 'decimal' as const } : { maxLength: 100, list: `${id}-slots` })}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] && (
        <span id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </span>
      )}
    </div>
  );

  const title = existing ? 'Update Your Prediction' : 'Make Your Prediction';
  return (
    <section className="card hunt-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="hunt-section-title">
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate={false}>
        {field('end_balance', 'End Balance ($)', 'number')}
        {field('highest_multiplier', 'Highest Multiplier (x)', 'number')}
        {field('highest_multiplier_game', 'Highest Multiplier Game', 'text')}
        <datalist id={`${id}-slots`}>
          {slotNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Submitting...' : existing ? 'Update Prediction' : 'Submit Prediction'}
        </button>
      </form>
    </section>
  );
}
