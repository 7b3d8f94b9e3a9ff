import { useState, type FormEvent } from 'react';
import { BIO_MAX_LENGTH, type MemberSettings } from '@kickback/contracts';
import { useUpdateProfileMutation } from '../settings-api';
import { useSaveSettings } from '../use-save-settings';
import { FieldError } from './field-error';

export function ProfileTab({ settings }: { settings: MemberSettings }) {
  const [bio, setBio] = useState(settings.bio);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { run, errors } = useSaveSettings('profile');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => update({ bio }).unwrap());
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <h2 className="settings-section-title">Profile</h2>
      <div className="field">
        <label htmlFor="settings-bio">Bio</label>
        <textarea
          id="settings-bio"
          className="textarea"
          value={bio}
          maxLength={BIO_MAX_LENGTH}
          rows={5}
          placeholder="Tell the community about yourself..."
          aria-describedby="settings-bio-count settings-bio-error"
          aria-invalid={errors.bio ? true : undefined}
          onChange={(event) => setBio(event.target.value.slice(0, BIO_MAX_LENGTH))}
        />
        <span id="settings-bio-count" className="field-hint settings-counter" data-testid="bio-counter">
          {bio.length}/{BIO_MAX_LENGTH}
        </span>
        <FieldError id="settings-bio-error" message={errors.bio} />
      </div>
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}
