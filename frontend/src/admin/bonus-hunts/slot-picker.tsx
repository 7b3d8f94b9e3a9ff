import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ImageUpload } from '../../components/ui/image-upload';
import { useAddHuntGameMutation, useCreateSlotMutation, useGetProvidersQuery, useLazySearchSlotsQuery } from './admin-bonus-hunts-api';

/** Adds bonuses to a hunt: search the catalogue (Enter adds the first match) or add a new slot and provider. */
export function SlotPicker({ huntId }: { huntId: number }) {
  const toast = useToast();
  const [term, setTerm] = useState('');
  const [bet, setBet] = useState('');
  const [search, { data: results = [], isFetching }] = useLazySearchSlotsQuery();
  const [add, addState] = useAddHuntGameMutation();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => void search(term.trim(), true), 200);
    return () => clearTimeout(timer);
  }, [term, search]);

  const addSlot = async (slotId: number, name: string) => {
    if (bet.trim() !== '' && !/^\d+(\.\d{1,2})?$/.test(bet.trim())) {
      toast.error('Enter the bet with at most 2 decimals.');
      return;
    }
    try {
      await add({ huntId, slot_id: slotId, ...(bet.trim() ? { bet: bet.trim() } : {}) }).unwrap();
      toast.success(`${name} added`);
      setTerm('');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to add the slot'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = results[0];
    if (first) void addSlot(first.id, first.name);
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
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="Slot or provider name"
          />
        </div>
        <div className="field">
          <label htmlFor="hunt-slot-bet">Bet ($)</label>
          <input
            id="hunt-slot-bet"
            className="input"
            inputMode="decimal"
            value={bet}
            onChange={(e) => setBet(e.target.value)}
            placeholder="0.00"
          />
        </div>
      </form>
      {isFetching && <p className="admin-status">Searching...</p>}
      <ul className="hunt-picker__results">
        {results.map((slot) => (
          <li key={slot.id}>
            <span>
              {slot.name} <small>({slot.provider.name})</small>
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={addState.isLoading}
              onClick={() => void addSlot(slot.id, slot.name)}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
      {!isFetching && term.trim() !== '' && results.length === 0 && <p className="admin-status">No slot matches “{term.trim()}”.</p>}
      {creating ? (
        <NewSlotForm initialName={term.trim()} onDone={() => setCreating(false)} onCreated={(id, name) => void addSlot(id, name)} />
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
