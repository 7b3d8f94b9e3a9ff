import { SelectField } from '../../components/ui/select-field';

interface ImportFileFieldProps {
  id: string;
  /** A CSV file, or else a JSON one: what the picker offers. */
  csv: boolean;
  error?: string;
  /** The chosen file read as text, or null when the choice was cleared. */
  onChoose: (file: { name: string; text: string } | null) => void;
}

/** The file an import reads (points, the slot catalogue), read as text once chosen; its error under it, read out with it. */
export function ImportFileField({ id, csv, error, onChoose }: ImportFileFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>File</label>
      <input
        id={id}
        className="input"
        type="file"
        accept={csv ? '.csv,text/csv,text/plain' : '.json,application/json,text/plain'}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (!chosen) onChoose(null);
          else void chosen.text().then((text) => onChoose({ name: chosen.name, text }));
        }}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

interface ImportFormatFieldProps<F extends string> {
  id: string;
  value: F;
  /** Each format's label, in the order the picker lists them. */
  labels: Record<F, string>;
  /** Another format starts the import over: the screen clears its file and preview here. */
  onChange: (format: F) => void;
}

/** The format an import reads (points, the slot catalogue): the picker above its file field. */
export function ImportFormatField<F extends string>({ id, value, labels, onChange }: ImportFormatFieldProps<F>) {
  return (
    <SelectField id={id} label="Format" value={value} onChange={(chosen) => onChange(chosen as F)}>
      {(Object.keys(labels) as F[]).map((format) => (
        <option key={format} value={format}>
          {labels[format]}
        </option>
      ))}
    </SelectField>
  );
}
