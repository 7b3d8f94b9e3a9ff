import { useId, type ChangeEvent } from 'react';
import { describedBy, FieldNotes } from './field-notes';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'url' | 'email' | 'number' | 'search';
  /** The keyboard a phone shows (a money amount: 'decimal'); a number input's is numeric. */
  inputMode?: 'decimal';
  /** A number input's least value. */
  min?: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/** Label, input and the first field error, wired together for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline = false,
  rows = 4,
  required,
  maxLength,
  min,
  placeholder,
  inputMode,
}: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    required,
    maxLength,
    placeholder,
    ...(type === 'number' ? { min, inputMode: 'numeric' as const } : { inputMode }),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea className="textarea" rows={rows} {...common} /> : <input className="input" type={type} {...common} />}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
