import { useEffect, useState, type FormEvent } from 'react';
import type { Theme } from '@kickback/contracts';
import { LOADER_STYLES, updateSiteSettingsSchema } from '@kickback/contracts/api/site';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } from './admin-settings-api';
import { PageHeader } from '../../components/ui/page-header';
import { ColorField } from './color-field';
import { ImageUpload } from '../../components/ui/image-upload';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { contractTextFields } from '../kit/contract-fields';
import { ThemePreview } from './theme-preview';
import { toFormState, toRequest, validateSettings, type SettingsFormState } from './settings-form-state';
import { SubmitButton } from '../kit/submit-button';

type ColorKey = { [K in keyof Theme]: Theme[K] extends string ? (K extends 'loader_style' ? never : K) : never }[keyof Theme];

const COLOR_FIELDS: ReadonlyArray<{ key: ColorKey; label: string }> = [
  { key: 'primary_color', label: 'Primary colour' },
  { key: 'secondary_color', label: 'Secondary colour' },
  { key: 'accent_color', label: 'Accent colour' },
  { key: 'background_gradient_start', label: 'Background gradient start' },
  { key: 'background_gradient_middle', label: 'Background gradient middle' },
  { key: 'background_gradient_end', label: 'Background gradient end' },
  { key: 'card_background', label: 'Card background' },
  { key: 'nav_background_color', label: 'Navigation background' },
  { key: 'nav_title_color', label: 'Navigation title colour' },
];

const CASINO_FIELDS = [
  { key: 'crypto1_label', label: 'Casino 1 label' },
  { key: 'crypto2_label', label: 'Casino 2 label' },
  { key: 'crypto3_label', label: 'Casino 3 label' },
] as const;

export default function SiteSettingsPage() {
  const { data, isLoading, isError } = useGetAdminSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateAdminSettingsMutation();
  const toast = useToast();
  const [form, setForm] = useState<SettingsFormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (data) setForm(toFormState(data));
  }, [data]);

  if (isLoading || (!form && !isError)) {
    return (
      <p role="status" className="admin-status">
        Loading settings...
      </p>
    );
  }
  if (isError || !form) {
    return (
      <p role="alert" className="admin-status">
        Failed to load settings.
      </p>
    );
  }

  const update = <K extends keyof SettingsFormState>(key: K, value: SettingsFormState[K]) => setForm({ ...form, [key]: value });
  // A dotted name edits one box of a group (`powered_by.url`, `casino.crypto1_label`).
  const field = contractTextFields(
    updateSiteSettingsSchema,
    form,
    (name, value) => {
      const [group, key] = name.split('.') as [keyof SettingsFormState, string?];
      setForm(key ? { ...form, [group]: { ...(form[group] as object), [key]: value } } : { ...form, [group]: value });
    },
    errors,
  );
  const updateTheme = <K extends keyof Theme>(key: K, value: Theme[K]) => setForm({ ...form, theme: { ...form.theme, [key]: value } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = toRequest(form);
    const problems = validateSettings(request);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error('Please fix the errors in the form');
      return;
    }
    try {
      const response = await save(request).unwrap();
      toast.success(response.message || 'Settings saved');
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to save settings'));
    }
  };

  return (
    <form className="admin-page settings-form" onSubmit={submit} noValidate>
      <PageHeader title="Site Settings">
        <p className="field-hint">Changes go live on every open page as soon as they are saved.</p>
      </PageHeader>

      <fieldset className="card admin-fieldset">
        <legend>General</legend>
        {field('site_name', 'Site name', { required: true })}
        {field('site_description', 'Site description', { multiline: true, rows: 2 })}
        {field('kick_channel_slug', 'Kick channel slug', {
          hint: 'The channel shown in the home page player, e.g. the part after kick.com/.',
        })}
        {field('logo_url', 'Logo URL')}
        <ImageUpload label="Upload logo" onUploaded={(url) => update('logo_url', url)} />
      </fieldset>

      <fieldset className="card admin-fieldset">
        <legend>Footer</legend>
        <p className="field-hint">The footer's external 'Powered by' link. Leave the URL empty to hide it.</p>
        <div className="admin-grid">
          {field('powered_by.label', 'Powered by text')}
          {field('powered_by.url', 'Powered by URL', { type: 'url' })}
        </div>
      </fieldset>

      <fieldset className="card admin-fieldset">
        <legend>Casino labels</legend>
        <p className="field-hint">Names of the three casino username fields members fill in on their settings page.</p>
        <div className="admin-grid">
          {/* Shown as optional as they always were; the contract still refuses an empty label. */}
          {CASINO_FIELDS.map(({ key, label }) => field(`casino.${key}`, label, { required: false }))}
        </div>
      </fieldset>

      <fieldset className="card admin-fieldset">
        <legend>Theme</legend>
        <div className="theme-editor">
          <div className="admin-grid">
            {COLOR_FIELDS.map(({ key, label }) => (
              <ColorField
                key={key}
                label={label}
                value={form.theme[key]}
                onChange={(v) => updateTheme(key, v)}
                error={errors[`theme.${key}`]}
              />
            ))}
            <SelectField
              id="loader-style"
              label="Loader style"
              value={form.theme.loader_style}
              onChange={(v) => updateTheme('loader_style', v as Theme['loader_style'])}
            >
              {LOADER_STYLES.map((style) => (
                <option key={style} value={style}>
                  {style}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              label="Show logo in navigation"
              checked={form.theme.show_nav_logo}
              onChange={(v) => updateTheme('show_nav_logo', v)}
            />
            <CheckboxField
              label="Show site name in navigation"
              checked={form.theme.show_nav_title}
              onChange={(v) => updateTheme('show_nav_title', v)}
            />
          </div>
          <ThemePreview theme={form.theme} siteName={form.site_name} logoUrl={form.logo_url.trim() || null} />
        </div>
      </fieldset>

      <fieldset className="card admin-fieldset">
        <legend>Legal pages</legend>
        <p className="field-hint">Plain text. Separate paragraphs with a blank line.</p>
        {field('terms_text', 'Terms of Service', { multiline: true, rows: 10 })}
        {field('privacy_text', 'Privacy Policy', { multiline: true, rows: 10 })}
      </fieldset>

      <div className="admin-page__footer admin-page__footer--sticky">
        <SubmitButton busy={saving} busyText="Saving...">
          Save Settings
        </SubmitButton>
      </div>
    </form>
  );
}
