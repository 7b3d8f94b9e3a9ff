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
