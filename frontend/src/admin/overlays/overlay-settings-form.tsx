import { useId, useState, type FormEvent } from 'react';
import {
  OVERLAY_ACCENTS,
  OVERLAY_FIELDS,
  OVERLAY_PANELS,
  overlaySettingsUpdateSchema,
  type OverlayAccent,
  type OverlayField,
  type OverlayKind,
  type OverlayPanel,
  type OverlaySettings,
} from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ContractTextField } from '../kit/contract-fields';
import { contractFieldFacts } from '../kit/schema-fields';
import { useSaveOverlaySettingsMutation } from './admin-overlays-api';
import { SubmitButton } from '../kit/submit-button';

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
  votes: 'Vote counts',
  provider: 'Provider',
  requesters: 'Requested by',
  members: 'Member counts',
  ratio: 'Payout ratios',
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

/** The number boxes' labels, and the unit each shows its contract field in (size and opacity as percentages). */
const NUMBERS = {
  x: ['Left edge (px)', 1],
  y: ['Top edge (px)', 1],
  width: ['Width (px)', 1],
  scale: ['Size (%)', 100],
  opacity: ['Panel opacity (%)', 100],
} as const;
type NumberField = keyof typeof NUMBERS;
const NUMBER_FIELDS = Object.keys(NUMBERS) as NumberField[];

/** The numbers as typed; sent as numbers (the server says what is out of range, under the field). */
const numbersOf = (s: OverlaySettings) =>
  Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(Math.round(s[f] * NUMBERS[f][1]))])) as Record<NumberField, string>;

/** One overlay's look: place and size on the 1920×1080 stage, theme colours, shown fields, the raffle's lines. */
export function OverlaySettingsForm({ kind, name, settings }: { kind: OverlayKind; name: string; settings: OverlaySettings }) {
  const id = useId();
  const toast = useToast();
  const [save, saving] = useSaveOverlaySettingsMutation();
  const [draft, setDraft] = useState(() => ({ ...settings, ...numbersOf(settings) }));
  const set = (changes: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...changes }));
  // The server judges the settings as a whole (whether the panel fits the stage); its errors show under the fields.
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, Number(draft[f]) / NUMBERS[f][1]])) as Record<NumberField, number>;
    const next: OverlaySettings = { ...draft, ...numbers, prize_line: draft.prize_line.trim(), how_to_enter: draft.how_to_enter.trim() };
    try {
      await save({ kind, settings: next }).unwrap();
      setErrors({});
      toast.success(`${name}: settings saved; open overlays show them now`);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to save the overlay settings'));
    }
  };

  const number = (field: NumberField) => {
    const [label, unit] = NUMBERS[field];
    const facts = contractFieldFacts(overlaySettingsUpdateSchema, field);
    const error = errors[field];
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          className="input"
          type="number"
          min={Math.round(facts.min! * unit)}
          max={Math.round(facts.max! * unit)}
          required
          value={draft[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(e) => set({ [field]: e.target.value })}
        />
        {error && (
          <p id={`${id}-${field}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const line = (field: 'prize_line' | 'how_to_enter', label: string, hint: string) => (
    <ContractTextField
      schema={overlaySettingsUpdateSchema}
      name={field}
      label={label}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      hint={hint}
      error={errors[field]}
    />
  );

  return (
    <form className="overlay-settings" aria-label={`${name} settings`} onSubmit={(e) => void submit(e)}>
      <fieldset className="overlay-settings__group">
        <legend>Place and size on the 1920×1080 stage</legend>
        {number('x')}
        {number('y')}
        {number('width')}
        {number('scale')}
      </fieldset>
      <fieldset className="overlay-settings__group">
        <legend>Colours from the site theme</legend>
        <SelectField
          id={`${id}-accent`}
          label="Highlight colour"
          value={draft.accent}
          onChange={(v) => set({ accent: v as OverlayAccent })}
        >
          {OVERLAY_ACCENTS.map((key) => (
            <option key={key} value={key}>
              {ACCENT_LABELS[key]}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-panel`} label="Panel colour" value={draft.panel} onChange={(v) => set({ panel: v as OverlayPanel })}>
          {OVERLAY_PANELS.map((key) => (
            <option key={key} value={key}>
              {PANEL_LABELS[key]}
            </option>
          ))}
        </SelectField>
        {number('opacity')}
      </fieldset>
      <fieldset className="overlay-settings__group">
        <legend>Shown on the overlay</legend>
        {OVERLAY_FIELDS[kind].map((field: OverlayField) => (
          <CheckboxField
            key={field}
            label={FIELD_LABELS[field]}
            checked={!draft.hidden.includes(field)}
            onChange={(shown) => set({ hidden: shown ? draft.hidden.filter((f) => f !== field) : [...draft.hidden, field] })}
          />
        ))}
      </fieldset>
      {kind === 'raffle' && (
        <fieldset className="overlay-settings__group overlay-settings__group--wide">
          <legend>The raffle&apos;s lines</legend>
          {line('prize_line', 'Prize line', "Empty shows the raffle's own prize.")}
          {line(
            'how_to_enter',
            'How to enter',
            "Empty shows the chat keyword set in Activity (Type !join in chat) and the raffle's address on the site.",
          )}
        </fieldset>
      )}
      <SubmitButton busy={saving.isLoading}>Save settings</SubmitButton>
    </form>
  );
}
