import { TextField } from '../../components/ui/text-field';
import { CheckboxField } from '../../components/ui/checkbox-field';
import type { CustomField, FieldLayout } from './form-layout';

/** The lines of a textarea, trimmed, without the empty ones. */
export const nonEmptyLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * A list of texts (benefits, excluded names) edited one per line in a textarea: the schema holds the list's limits and
 * its messages show under the box.
 */
export function linesField(layout: FieldLayout & { rows: number }): FieldLayout {
  return {
    ...layout,
    custom: {
      draft: (value: unknown) => (Array.isArray(value) ? value.join('\n') : ''),
      value: (draft: string) => nonEmptyLines(draft),
      render: ({ draft, set, error }) => (
        <TextField label={layout.label} hint={layout.hint} value={draft} onChange={set} error={error} multiline rows={layout.rows} />
      ),
    },
  };
}

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
