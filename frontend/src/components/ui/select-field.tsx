import type { CSSProperties, ReactNode } from 'react';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled drop-down in the admin forms' field layout. */
export function SelectField({ id, label, value, onChange, style, children }: SelectFieldProps) {
  return (
    <div className="field" style={style}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
