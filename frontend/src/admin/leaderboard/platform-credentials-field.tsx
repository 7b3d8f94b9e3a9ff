import type { AdminPlatform } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';

interface PlatformCredentialsFieldProps {
  label: string;
  /** Whether a secret is stored: the secret itself never comes back. */
  stored: AdminPlatform['credentials'] | undefined;
  value: string;
  onChange: (value: string) => void;
  clear: boolean;
  onClearChange: (clear: boolean) => void;
  error?: string;
}

/** A source's secret: typed to replace, left empty to keep, or removed with its checkbox. */
export function PlatformCredentialsField({ label, stored, value, onChange, clear, onClearChange, error }: PlatformCredentialsFieldProps) {
  return (
    <div className="field">
      <label>
        {label}
        <input
          className="input"
          type="password"
          autoComplete="off"
          value={value}
          placeholder={stored === 'set' ? 'Stored — leave empty to keep' : 'Not set'}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <span className="field-hint">Credentials: {stored ?? 'not set'}. They are encrypted and never shown again.</span>
      {error && <span className="field-error">{error}</span>}
      {stored === 'set' && <CheckboxField label="Remove the stored credentials" checked={clear} onChange={onClearChange} />}
    </div>
  );
}
