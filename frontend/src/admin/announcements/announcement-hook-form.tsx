import { useState, type FormEvent } from 'react';
import type {
  AnnouncementEvent,
  AnnouncementHook,
  AnnouncementHookCreate,
  AnnouncementHookKind,
  AnnouncementHookUpdate,
} from '@kickback/contracts';
import {
  ANNOUNCEMENT_EVENTS,
  ANNOUNCEMENT_EVENT_LABELS,
  announcementHookCreateSchema,
  announcementHookUpdateSchema,
} from '@kickback/contracts/api/announcements';
import { firstIssuePerField } from '../../lib/form-issues';
import { TextField } from '../../components/ui/text-field';
import { SelectField } from '../../components/ui/select-field';

interface AnnouncementHookFormProps {
  initial: AnnouncementHook | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  /** An edit sends the whole form (every field the update accepts). */
  onSubmit: (input: AnnouncementHookCreate | Required<AnnouncementHookUpdate>) => void;
  onCancel: () => void;
}

const URL_HINTS: Record<AnnouncementHookKind, string> = {
  discord: 'In Discord: Channel settings → Integrations → Webhooks → Copy Webhook URL.',
  webhook: 'Any https:// address of your tool. Deliveries are signed; see docs/announcements.md to verify them.',
};

/** Adds a hook (kind, name, URL, events) or edits one (name, events, on/off: a new URL is a new hook). */
export function AnnouncementHookForm({ initial, saving, serverErrors, onSubmit, onCancel }: AnnouncementHookFormProps) {
  const [kind, setKind] = useState<AnnouncementHookKind>(initial?.kind ?? 'discord');
  const [name, setName] = useState(initial?.name ?? '');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<AnnouncementEvent[]>(initial?.events ?? []);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const toggle = (event: AnnouncementEvent, on: boolean) =>
    setEvents((current) => ANNOUNCEMENT_EVENTS.filter((e) => (e === event ? on : current.includes(e))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = initial
      ? announcementHookUpdateSchema.required().safeParse({ name, events, enabled })
      : announcementHookCreateSchema.safeParse({ kind, name, url: url.trim(), events });
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const title = initial ? `Edit ${initial.name}` : 'New Hook';
  return (
    <form className="card admin-fieldset" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-grid">
        {!initial && (
          <SelectField id="announcement-kind" label="Where to" value={kind} onChange={(value) => setKind(value as AnnouncementHookKind)}>
            <option value="discord">Discord channel</option>
            <option value="webhook">Webhook (other tools, signed)</option>
          </SelectField>
        )}
        <TextField label="Name" value={name} onChange={setName} error={errors.name} required maxLength={80} />
      </div>
      {initial ? (
        <p className="admin-status">URL: {initial.url_display}</p>
      ) : (
        <TextField
          label={kind === 'discord' ? 'Discord webhook URL' : 'Webhook URL'}
          type="url"
          hint={URL_HINTS[kind]}
          value={url}
          onChange={setUrl}
          error={errors.url}
          required
          maxLength={500}
        />
      )}
      <fieldset className="field">
        <legend>Events</legend>
        {ANNOUNCEMENT_EVENTS.map((e) => (
          <label key={e} className="checkbox">
            <input type="checkbox" checked={events.includes(e)} onChange={(change) => toggle(e, change.target.checked)} />
            {ANNOUNCEMENT_EVENT_LABELS[e]}
          </label>
        ))}
        {errors.events && (
          <p className="field-error" role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
      {initial && (
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(change) => setEnabled(change.target.checked)} />
          On (send announcements to this hook)
        </label>
      )}
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Changes' : 'Add Hook'}
        </button>
      </div>
    </form>
  );
}
