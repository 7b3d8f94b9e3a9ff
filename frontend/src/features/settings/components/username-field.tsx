import { SETTINGS_USERNAME_MAX_LENGTH } from '@kickback/contracts';
import { FieldError } from './field-error';

interface UsernameFieldProps {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}

export function UsernameField({ name, label, value, placeholder, error, onChange }: UsernameFieldProps) {
  const id = `settings-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className="input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        maxLength={SETTINGS_USERNAME_MAX_LENGTH}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
