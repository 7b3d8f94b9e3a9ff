import { TextField } from '../../components/ui/text-field';
import type { FieldLayout } from './form-layout';

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
