import { useId, useState, type FormEvent } from 'react';
import {
  OVERLAY_ACCENTS,
  OVERLAY_FIELDS,
  OVERLAY_PANELS,
  OVERLAY_STAGE_HEIGHT,
  OVERLAY_STAGE_WIDTH,
  type OverlayAccent,
  type OverlayField,
  type OverlayKind,
  type OverlayPanel,
  type OverlaySettings,
} from '@kickback/contracts';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useSaveOverlaySettingsMutation } from './admin-overlays-api';

const FIELD_LABELS: Record<OverlayField, string> = {
  phase: 'Phase badge',
  stats: 'Statistics',
  slots: 'Slot list',
  prize: 'Prize',
  how_to_enter: 'Entry instructions',
  count: 'Entry count',
  entrants: 'Latest entrants',
  verify: 'QR code to verify the draw',
  winner: 'Winner badge',
  multipliers: 'Multipliers',
  countdown: 'Countdown',
  wagered: 'Wagered amounts',
  prizes: 'Prizes',
  label: 'Alert label',
  race: 'Race on stream',
};

const ACCENT_LABELS: Record<OverlayAccent, string> = {
  default: 'Overlay green',
  primary_color: 'Theme primary',
  secondary_color: 'Theme secondary',
  accent_color: 'Theme accent',
  nav_title_color: 'Theme navigation title',
};

const PANEL_LABELS: Record<OverlayPanel, string> = {
  default: 'Dark',
  card_background: 'Theme card background',
  nav_background_color: 'Theme navigation background',
  background_gradient_start: 'Theme page background',
  primary_color: 'Theme primary',
};

/** The numbers as typed; sent as numbers (the server says what is out of range, under the field). */
interface Draft {
  x: string;
  y: string;
  width: string;
  size: string;
  opacity: string;
}

const draftOf = (s: OverlaySettings): Draft => ({
  x: String(s.x),
  y: String(s.y),
  width: String(s.width),
  size: String(Math.round(s.scale * 100)),
  opacity: String(Math.round(s.opacity * 100)),
});

/** One overlay's look: place and size on the 1920×1080 stage, theme colours, shown fields, the raffle's lines. */
export function OverlaySettingsForm({ kind, name, settings }: { kind: OverlayKind; name: string; settings: OverlaySettings }) {
  const id = useId();
  const toast = useToast();
  const [save, saving] = useSaveOverlaySettingsMutation();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [accent, setAccent] = useState(settings.accent);
  const [panel, setPanel] = useState(settings.panel);
  const [hidden, setHidden] = useState<OverlayField[]>(settings.hidden);
  const [prizeLine, setPrizeLine] = useState(settings.prize_line);
  const [howToEnter, setHowToEnter] = useState(settings.how_to_enter);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: OverlaySettings = {
      x: Number(draft.x),
      y: Number(draft.y),
      width: Number(draft.width),
      scale: Number(draft.size) / 100,
      accent,
      panel,
      opacity: Number(draft.opacity) / 100,
      hidden,
      prize_line: prizeLine.trim(),
      how_to_enter: howToEnter.trim(),
    };
    try {
      await save({ kind, settings: next }).unwrap();
      setErrors({});
      toast.success(`${name}: settings saved; open overlays show them now`);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to save the overlay settings'));
    }
  };

  const number = (key: keyof Draft, label: string, min: number, max: number, error?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type="number"
        min={min}
        max={max}
        required
        value={draft[key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      />
      {error && (
        <p id={`${id}-${key}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <form className="overlay-settings" aria-label={`${name} settings`} onSubmit={(e) => void submit(e)}>
      <fieldset className="overlay-settings__group">
        <legend>Place and size on the 1920×1080 stage</legend>
        {number('x', 'Left edge (px)', 0, OVERLAY_STAGE_WIDTH, errors.x)}
        {number('y', 'Top edge (px)', 0, OVERLAY_STAGE_HEIGHT - 100, errors.y)}
        {number('width', 'Width (px)', 240, OVERLAY_STAGE_WIDTH, errors.width)}
        {number('size', 'Size (%)', 50, 200, errors.scale)}
      </fieldset>
      <fieldset className="overlay-settings__group">
        <legend>Colours from the site theme</legend>
        <SelectField id={`${id}-accent`} label="Highlight colour" value={accent} onChange={(v) => setAccent(v as OverlayAccent)}>
          {OVERLAY_ACCENTS.map((key) => (
            <option key={key} value={key}>
              {ACCENT_LABELS[key]}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-panel`} label="Panel colour" value={panel} onChange={(v) => setPanel(v as OverlayPanel)}>
          {OVERLAY_PANELS.map((key) => (
            <option key={key} value={key}>
              {PANEL_LABELS[key]}
            </option>
          ))}
        </SelectField>
        {number('opacity', 'Panel opacity (%)', 20, 100, errors.opacity)}
      </fieldset>
      <fieldset className="overlay-settings__group">
        <legend>Shown on the overlay</legend>
        {OVERLAY_FIELDS[kind].map((field: OverlayField) => (
          <label key={field} className="overlay-settings__check">
            <input
              type="checkbox"
              checked={!hidden.includes(field)}
              onChange={(e) => setHidden((h) => (e.target.checked ? h.filter((f) => f !== field) : [...h, field]))}
            />
            {FIELD_LABELS[field]}
          </label>
        ))}
      </fieldset>
      {kind === 'raffle' && (
        <fieldset className="overlay-settings__group overlay-settings__group--wide">
          <legend>The raffle&apos;s lines</legend>
          <TextField
            label="Prize line"
            value={prizeLine}
            onChange={setPrizeLine}
            maxLength={120}
            hint="Empty shows the raffle's own prize."
            error={errors.prize_line}
          />
          <TextField
            label="How to enter"
            value={howToEnter}
            onChange={setHowToEnter}
            maxLength={160}
            hint="Empty shows the chat keyword set in Activity (Type !join in chat) and the raffle's address on the site."
            error={errors.how_to_enter}
          />
        </fieldset>
      )}
      <button type="submit" className="button button--primary" disabled={saving.isLoading}>
        Save settings
      </button>
    </form>
  );
}
