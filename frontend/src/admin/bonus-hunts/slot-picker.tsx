import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ImageUpload } from '../../components/ui/image-upload';
import { useAddHuntGameMutation, useCreateSlotMutation, useGetProvidersQuery } from './admin-bonus-hunts-api';
import { SlotMatches } from './slot-matches';
import { useSlotSearch } from './use-slot-search';

/** Adds bonuses to a hunt: search the catalogue (Enter adds the first match) or add a new slot and provider. */
export function SlotPicker({ huntId }: { huntId: number }) {
  const [add] = useAddHuntGameMutation();
  const picker = useSlotSearch((slot_id, bet) => add({ huntId, slot_id, ...(bet ? { bet } : {}) }).unwrap(), { searchWhenEmpty: true });
  const [creating, setCreating] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = picker.results[0];
    if (first) void picker.addSlot(first);
  };

  return (
    <section className="card hunt-picker" aria-labelledby="hunt-picker-title">
      <h2 id="hunt-picker-title">Add Slots</h2>
      <form className="hunt-picker__search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="hunt-slot-search">Search the catalogue</label>
          <input
            id="hunt-slot-search"
            className="input"
            type="search"
            value={picker.term}
            onChange={(e) => picker.setTerm(e.target.value)}
            placeholder="Slot or provider name"
          />
        </div>
        <div className="field">
          <label htmlFor="hunt-slot-bet">Bet ($)</label>
          <input
            id="hunt-slot-bet"
            className="input"
            inputMode="decimal"
            value={picker.bet}
            onChange={(e) => picker.setBet(e.target.value)}
            placeholder="0.00"
          />
        </div>
      </form>
      {picker.isFetching && <p className="admin-status">Searching...</p>}
      <SlotMatches className="hunt-picker__results" slots={picker.results} disabled={picker.adding} onAdd={(slot) => void picker.addSlot(slot)} />
      {picker.noMatch && <p className="admin-status">No slot matches “{picker.searched}”.</p>}
      {creating ? (
        <NewSlotForm initialName={picker.searched} onDone={() => setCreating(false)} onCreated={(id, name) => void picker.addSlot({ id, name })} />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setCreating(true)}>
          New slot…
        </button>
      )}
    </section>
  );
}

function NewSlotForm({
  initialName,
  onDone,
  onCreated,
}: {
  initialName: string;
  onDone: () => void;
  onCreated: (id: number, name: string) => void;
}) {
  const toast = useToast();
  const { data: providers = [] } = useGetProvidersQuery();
  const [create, { isLoading }] = useCreateSlotMutation();
  const [name, setName] = useState(initialName);
  const [providerId, setProviderId] = useState('');
  const [providerName, setProviderName] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const provider =
      providerId === 'new' || providerId === '' ? { provider_name: providerName.trim() } : { provider_id: Number(providerId) };
    try {
      const slot = await create({ name: name.trim(), image_url: imageUrl, ...provider }).unwrap();
      toast.success(`${slot.name} added to the catalogue`);
      onCreated(slot.id, slot.name);
      onDone();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to add the slot'));
    }
  };

  return (
    <form className="admin-fieldset hunt-picker__new" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="new-slot-name">Slot name</label>
        <input id="new-slot-name" className="input" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        {errors.name && <span className="field-error">{errors.name}</span>}
      </div>
      <div className="field">
        <label htmlFor="new-slot-provider">Provider</label>
        <select id="new-slot-provider" className="select" value={providerId} onChange={(e) => setProviderId(e.target.value)}>
          <option value="">New provider…</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {errors.provider_id && <span className="field-error">{errors.provider_id}</span>}
      </div>
      {(providerId === '' || providerId === 'new') && (
        <div className="field">
          <label htmlFor="new-slot-provider-name">New provider name</label>
          <input
            id="new-slot-provider-name"
            className="input"
            required
            maxLength={80}
            value={providerName}
            onChange={(e) => setProviderName(e.target.value)}
          />
          {errors.provider_name && <span className="field-error">{errors.provider_name}</span>}
        </div>
      )}
      <ImageUpload label="Slot image (optional)" onUploaded={setImageUrl} />
      {imageUrl && <img src={imageUrl} alt="" className="admin-table__logo" />}
      <div className="admin-form-actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          Add to catalogue and hunt
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
