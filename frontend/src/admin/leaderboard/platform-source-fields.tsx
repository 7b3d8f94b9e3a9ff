import type { LeaderboardSourceType } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { fieldsFor } from './platform-sources';

interface PlatformSourceFieldsProps {
  source: LeaderboardSourceType;
  config: Record<string, string | boolean>;
  setConfig: (key: string, value: string | boolean) => void;
  errors: Record<string, string>;
}

/** The chosen source's settings; the server names a bad one as `source_config.<key>`. */
export function PlatformSourceFields({ source, config, setConfig, errors }: PlatformSourceFieldsProps) {
  return (
    <div className="admin-grid">
      {fieldsFor(source).map((field) =>
        field.kind === 'bool' ? (
          <CheckboxField
            key={field.key}
            label={field.label}
            checked={config[field.key] === true}
            onChange={(v) => setConfig(field.key, v)}
          />
        ) : (
          <TextField
            key={field.key}
            label={field.label}
            value={typeof config[field.key] === 'string' ? (config[field.key] as string) : ''}
            onChange={(v) => setConfig(field.key, v)}
            error={errors[`source_config.${field.key}`]}
            hint={field.hint}
          />
        ),
      )}
    </div>
  );
}
