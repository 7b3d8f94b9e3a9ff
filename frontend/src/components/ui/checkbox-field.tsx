import type { ReactNode } from 'react';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
}

/** A checkbox with its label wrapped around it, so the whole line toggles it; a field error shows under it. */
export function CheckboxField({ label, checked, onChange, disabled, error }: CheckboxFieldProps) {
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {error && <span className="field-error">{error}</span>}
    </>
  );
}
