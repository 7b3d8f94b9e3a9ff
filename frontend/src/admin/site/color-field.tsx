import { useId } from 'react';

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The picker only speaks #rrggbb, so short #rgb values are widened for it. */
const toPickerValue = (hex: string): string => {
  if (/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/i.test(hex)) return `#${hex.slice(1).replace(/./g, (c) => c + c)}`;
  return '#000000';
};

/** A colour picker next to a hex text box; either edits the same value. */
export function ColorField({ label, value, onChange, error }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field color-field">
      <label htmlFor={id}>{label}</label>
      <div className="color-field__inputs">
        <input
          type="color"
          className="color-field__picker"
          value={toPickerValue(value)}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label} picker`}
        />
        <input
          id={id}
          className="input color-field__hex"
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          spellCheck={false}
          maxLength={7}
        />
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
