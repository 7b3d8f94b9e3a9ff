import type { CSSProperties, ReactNode } from 'react';
import { describedBy, FieldNotes } from './field-notes';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  style?: CSSProperties;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled drop-down in the forms' field layout (admin forms, the site's filters), with its hint and first error read out with it. */
export function SelectField({ id, label, value, onChange, error, hint, style, children }: SelectFieldProps) {
  return (
    <div className="field" style={style}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
