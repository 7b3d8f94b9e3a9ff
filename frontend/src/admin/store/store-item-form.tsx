import { useState, type FormEvent } from 'react';
import type { AdminStoreItem, StoreItemInput } from '@kickback/contracts';
import { storeItemInputSchema } from '@kickback/contracts/api/store';
import { firstIssuePerField } from '../../lib/form-issues';
import { ImageUpload } from '../../components/ui/image-upload';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';

interface StoreItemFormProps {
  initial: AdminStoreItem | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: StoreItemInput) => void;
  onCancel: () => void;
}

interface FormState {
  name: string;
  description: string;
  image_url: string;
  cost: string;
  quantity: string;
  max_purchases_per_user: string;
  category: string;
  is_active: boolean;
  fulfilment: 'manual' | 'code';
  value_usd: string;
}

const fromItem = (item: AdminStoreItem | null): FormState => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  image_url: item?.image_url ?? '',
  cost: item ? String(item.cost) : '',
  quantity: item?.quantity == null ? '' : String(item.quantity),
  max_purchases_per_user: item?.max_purchases_per_user == null ? '' : String(item.max_purchases_per_user),
  category: item?.category ?? 'general',
  is_active: item?.is_active ?? true,
  fulfilment: item?.fulfilment ?? 'manual',
  value_usd: item?.value_usd ?? '0',
});

/** Empty means unlimited; anything else must be a number (the schema says which). */
const optionalNumber = (value: string): number | null => (value.trim() === '' ? null : Number(value));

const toInput = (form: FormState) => ({
  name: form.name,
  description: form.description,
  image_url: form.image_url.trim() || null,
  cost: Number(form.cost),
  quantity: optionalNumber(form.quantity),
  max_purchases_per_user: optionalNumber(form.max_purchases_per_user),
  category: form.category,
  is_active: form.is_active,
  fulfilment: form.fulfilment,
  value_usd: form.value_usd.trim() || '0',
});

export function StoreItemForm({ initial, saving, serverErrors, onSubmit, onCancel }: StoreItemFormProps) {
  const [form, setForm] = useState<FormState>(() => fromItem(initial));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeItemInputSchema.safeParse(toInput(form));
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form className="card affiliate-form" onSubmit={submit} noValidate aria-label={initial ? `Edit ${initial.name}` : 'New store item'}>
      <h2>{initial ? `Edit ${initial.name}` : 'New Store Item'}</h2>
      <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={errors.name} required maxLength={120} />
      <TextField
        label="Description"
        value={form.description}
        onChange={(v) => set('description', v)}
        error={errors.description}
        multiline
        rows={3}
        maxLength={2000}
      />
      <ImageUpload label="Image" onUploaded={(url) => set('image_url', url)} />
      {form.image_url && (
        <div className="field">
          <img className="affiliate-form__logo" src={form.image_url} alt="Item preview" />
          <button type="button" className="button button--ghost button--small" onClick={() => set('image_url', '')}>
            Remove image
          </button>
        </div>
      )}
      <TextField label="Cost (points)" value={form.cost} onChange={(v) => set('cost', v)} error={errors.cost} required />
      <TextField
        label="Quantity"
        value={form.quantity}
        onChange={(v) => set('quantity', v)}
        error={errors.quantity}
        hint="Leave empty for unlimited stock."
      />
      <TextField
        label="Max purchases per user"
        value={form.max_purchases_per_user}
        onChange={(v) => set('max_purchases_per_user', v)}
        error={errors.max_purchases_per_user}
        hint="Leave empty for no limit."
      />
      <TextField
        label="Category"
        value={form.category}
        onChange={(v) => set('category', v)}
        error={errors.category}
        required
        maxLength={40}
      />
      <TextField
        label="Value in USD"
        value={form.value_usd}
        onChange={(v) => set('value_usd', v)}
        error={errors.value_usd}
        hint='Counts toward "total given away" once a redemption is processed.'
      />
      <SelectField
        id="store-item-fulfilment"
        label="Delivery"
        value={form.fulfilment}
        onChange={(v) => set('fulfilment', v as FormState['fulfilment'])}
      >
        <option value="manual">Manual: the team delivers it and marks it processed</option>
        <option value="code">Code: delivered automatically from the code pool</option>
      </SelectField>
      <label className="checkbox">
        <input type="checkbox" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
        Active (shown in the store)
      </label>
      <div className="admin-page__footer">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Item'}
        </button>
      </div>
    </form>
  );
}
