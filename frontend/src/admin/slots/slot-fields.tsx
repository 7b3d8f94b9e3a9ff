import { SLOT_VOLATILITIES, SLOT_VOLATILITY_LABELS } from '@kickback/contracts';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { CustomField } from '../kit/form-layout';

/** The first error of a list field or of one of its items (the contract names an item `rtp.1`). */
const listError = (name: string, errors: Record<string, string>) =>
  errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];

/**
 * A list (RTP variants, features, themes) typed as one line, items separated by commas or `|` as in the import
 * file; the contract checks each item.
 */
export function listField(name: string, label: string, hint: string): CustomField<string> {
  return {
    draft: (value) => (Array.isArray(value) ? value.join(', ') : ''),
    value: (text) =>
      text
        .split(/[,|]/)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    render: ({ draft, set, errors }) => (
      <TextField label={label} hint={hint} value={draft} onChange={set} error={listError(name, errors)} />
    ),
  };
}

/** A fact that may be unknown: an empty box sends null, anything else goes to the contract as typed ("5,000x"). */
export function optionalTextField(label: string, hint?: string): CustomField<string> {
  return {
    draft: (value) => (value === null || value === undefined ? '' : String(value)),
    value: (text) => (text.trim() === '' ? null : text),
    render: ({ draft, set, error }) => <TextField label={label} hint={hint} value={draft} onChange={set} error={error} />,
  };
}

/** Volatility with "Unknown" first: a slot whose provider publishes none is not given one. */
export function volatilityField(id: string): CustomField<string> {
  return {
    draft: (value) => (typeof value === 'string' ? value : ''),
    value: (picked) => (picked === '' ? null : picked),
    render: ({ draft, set, error }) => (
      <SelectField id={id} label="Volatility" value={draft} onChange={set} error={error}>
        <option value="">Unknown</option>
        {SLOT_VOLATILITIES.map((v) => (
          <option key={v} value={v}>
            {SLOT_VOLATILITY_LABELS[v]}
          </option>
        ))}
      </SelectField>
    ),
  };
}
