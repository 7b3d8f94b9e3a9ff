import { useState, type FormEvent } from 'react';
import type { MemberSettings } from '@kickback/contracts';
import { useSiteSettings } from '../../../lib/use-site-settings';
import { useUpdateProfileMutation } from '../settings-api';
import { useSaveSettings } from '../use-save-settings';
import { KickConnection } from './kick-connection';
import { UsernameField } from './username-field';

interface ConnectionsTabProps {
  settings: MemberSettings;
  pulsing: boolean;
  nudged: boolean;
}

export function ConnectionsTab({ settings, pulsing, nudged }: ConnectionsTabProps) {
  const { casino } = useSiteSettings();
  const [values, setValues] = useState({
    crypto: settings.crypto ?? '',
    crypto2: settings.crypto2 ?? '',
    crypto3: settings.crypto3 ?? '',
  });
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { run, errors } = useSaveSettings('connections');
  const fields = [
    { name: 'crypto', label: casino.crypto1_label },
    { name: 'crypto2', label: casino.crypto2_label },
    { name: 'crypto3', label: casino.crypto3_label },
  ] as const;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => update(values).unwrap());
  };

  return (
    <div className="settings-form">
      <h2 className="settings-section-title">Connections</h2>
      <KickConnection settings={settings} pulsing={pulsing} nudged={nudged} />
      <form onSubmit={submit} noValidate aria-labelledby="settings-casino-title">
        <h3 id="settings-casino-title">Casino Usernames</h3>
        <p className="field-hint settings-hint">Your usernames on our partner casinos, so your wagers count on the leaderboard.</p>
        {fields.map((field) => (
          <UsernameField
            key={field.name}
            name={field.name}
            label={field.label}
            value={values[field.name]}
            placeholder="username"
            error={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Connections'}
        </button>
      </form>
    </div>
  );
}
