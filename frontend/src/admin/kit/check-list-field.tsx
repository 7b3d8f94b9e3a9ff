import { CheckboxField } from '../../components/ui/checkbox-field';
import type { CustomField } from './form-layout';

/**
 * A contract field that is a list of choices (a hook's events): one checkbox per choice under a legend, the list
 * kept in the choices' order whatever order they are ticked in, and the field's error read out when it appears.
 */
export function checkListField<V extends string>(legend: string, choices: readonly V[], labels: Record<V, string>): CustomField<V[]> {
  return {
    draft: (value) => (Array.isArray(value) ? (value as V[]) : []),
    value: (picked) => picked,
    render: ({ draft, set, error }) => (
      <fieldset className="field">
        <legend>{legend}</legend>
        {choices.map((choice) => (
          <CheckboxField
            key={choice}
            label={labels[choice]}
            checked={draft.includes(choice)}
            onChange={(on) => set(choices.filter((c) => (c === choice ? on : draft.includes(c))))}
          />
        ))}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    ),
  };
}
