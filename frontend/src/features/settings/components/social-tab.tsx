import { useState, type FormEvent } from 'react';
import type { MemberSettings } from '@kickback/contracts';
import { useUpdateProfileMutation } from '../settings-api';
import { useSaveSettings } from '../use-save-settings';
import { UsernameField } from './username-field';

const NETWORKS = [
  { name: 'twitter_user', label: 'Twitter' },
  { name: 'instagram_user', label: 'Instagram' },
  { name: 'youtube_user', label: 'YouTube' },
  { name: 'tiktok_user', label: 'TikTok' },
] as const;

export function SocialTab({ settings }: { settings: MemberSettings }) {
  const [values, setValues] = useState({
    twitter_user: settings.twitter_user ?? '',
    instagram_user: settings.instagram_user ?? '',
    youtube_user: settings.youtube_user ?? '',
    tiktok_user: settings.tiktok_user ?? '',
  });
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { run, errors } = useSaveSettings('social');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => update(values).unwrap());
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <h2 className="settings-section-title">Social Media</h2>
      <p className="field-hint settings-hint">Usernames only, without @ or a link.</p>
      {NETWORKS.map((network) => (
        <UsernameField
          key={network.name}
          name={network.name}
          label={network.label}
          value={values[network.name]}
          placeholder="username"
          error={errors[network.name]}
          onChange={(value) => setValues((current) => ({ ...current, [network.name]: value }))}
        />
      ))}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Save Social Links'}
      </button>
    </form>
  );
}
