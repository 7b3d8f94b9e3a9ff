import { useState, type FormEvent } from 'react';
import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { affiliateInputSchema } from '@kickback/contracts/api/site';
import { firstIssuePerField } from '../../lib/form-issues';
import { ImageUpload } from '../../components/ui/image-upload';
import { TextField } from '../../components/ui/text-field';

interface AffiliateFormProps {
  initial: AdminAffiliate | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: AffiliateInput) => void;
  onCancel: () => void;
}

interface FormState {
  name: string;
  redirect_url: string;
  code: string;
  benefits: string;
  logo_url: string;
  is_active: boolean;
}

const fromAffiliate = (affiliate: AdminAffiliate | null): FormState => ({
  name: affiliate?.name ?? '',
  redirect_url: affiliate?.redirect_url ?? '',
  code: affiliate?.code ?? '',
  benefits: affiliate?.benefits.join('\n') ?? '',
  logo_url: affiliate?.logo_url ?? '',
  is_active: affiliate?.is_active ?? true,
});

/** Benefits are edited one per line and stored as a list. */
const toInput = (form: FormState): AffiliateInput => ({
  name: form.name,
  redirect_url: form.redirect_url,
  code: form.code,
  benefits: form.benefits
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  logo_url: form.logo_url.trim() || null,
  is_active: form.is_active,
});

export function AffiliateForm({ initial, saving, serverErrors, onSubmit, onCancel }: AffiliateFormProps) {
  const [form, setForm] = useState<FormState>(() => fromAffiliate(initial));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const parsed = affiliateInputSchema.safeParse(input);
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const title = initial ? `Edit ${initial.name}` : 'New Affiliate';
  return (
    <form className="card admin-fieldset affiliate-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-grid">
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={errors.name} required maxLength={80} />
        <TextField
          label="Referral link"
          type="url"
          value={form.redirect_url}
          onChange={(v) => set('redirect_url', v)}
          error={errors.redirect_url}
          required
        />
        <TextField label="Code" value={form.code} onChange={(v) => set('code', v)} error={errors.code} required maxLength={60} />
      </div>
      <TextField
        label="Benefits"
        hint="One benefit per line, up to 10."
        value={form.benefits}
        onChange={(v) => set('benefits', v)}
        error={errors.benefits}
        multiline
        rows={4}
      />
      <div className="admin-grid">
        <TextField label="Logo URL" value={form.logo_url} onChange={(v) => set('logo_url', v)} error={errors.logo_url} />
        <ImageUpload label="Upload logo" onUploaded={(url) => set('logo_url', url)} />
      </div>
      {form.logo_url && <img className="affiliate-form__logo" src={form.logo_url} alt={`${form.name || 'Affiliate'} logo preview`} />}
      <label className="checkbox">
        <input type="checkbox" checked={form.is_active} onChange={(event) => set('is_active', event.target.checked)} />
        Active (shown on the home page)
      </label>
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Changes' : 'Create Affiliate'}
        </button>
      </div>
    </form>
  );
}
