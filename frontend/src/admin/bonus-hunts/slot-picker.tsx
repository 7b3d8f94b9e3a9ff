import { useState, type FormEvent } from 'react';
import { adminSlotCreateSchema } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ImageUpload } from '../../components/ui/image-upload';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { ContractTextField } from '../kit/contract-fields';
import { useContractValidation } from '../kit/use-contract-validation';
import { useAddHuntGameMutation, useCreateSlotMutation, useGetProvidersQuery } from './admin-bonus-hunts-api';
import { SlotMatches } from './slot-matches';
import { useSlotSearch } from './use-slot-search';
import { SubmitButton } from '../kit/submit-button';

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
        <TextField
          type="search"
          label="Search the catalogue"
          value={picker.term}
          onChange={picker.setTerm}
          placeholder="Slot or provider name"
        />
        <TextField inputMode="decimal" label="Bet ($)" value={picker.bet} onChange={picker.setBet} placeholder="0.00" />
      </form>
      {picker.isFetching && <p className="admin-status">Searching...</p>}
      <SlotMatches
        className="hunt-picker__results"
        slots={picker.results}
        disabled={picker.adding}
        onAdd={(slot) => void picker.addSlot(slot)}
      />
      {picker.noMatch && <p className="admin-status">No slot matches “{picker.searched}”.</p>}
      {creating ? (
        <NewSlotForm
          initialName={picker.searched}
          onDone={() => setCreating(false)}
          onCreated={(id, name) => void picker.addSlot({ id, name })}
        />
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
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { errors, validate } = useContractValidation(adminSlotCreateSchema, serverErrors);
  const newProvider = providerId === '' || providerId === 'new';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerErrors({});
    const input = {
      name: name.trim(),
      image_url: imageUrl,
      ...(newProvider ? { provider_name: providerName.trim() } : { provider_id: Number(providerId) }),
    };
    if (!validate(input)) return;
    try {
      const slot = await create(input).unwrap();
      toast.success(`${slot.name} added to the catalogue`);
      onCreated(slot.id, slot.name);
      onDone();
    } catch (error) {
      setServerErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to add the slot'));
    }
  };

  return (
    <form className="admin-fieldset hunt-picker__new" onSubmit={onSubmit} noValidate>
      <ContractTextField schema={adminSlotCreateSchema} name="name" label="Slot name" value={name} onChange={setName} error={errors.name} />
      <SelectField id="new-slot-provider" label="Provider" value={providerId} onChange={setProviderId} error={errors.provider_id}>
        <option value="">New provider…</option>
        {providers.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      {newProvider && (
        <ContractTextField
          schema={adminSlotCreateSchema}
          name="provider_name"
          label="New provider name"
          value={providerName}
          onChange={setProviderName}
          error={errors.provider_name}
        />
      )}
      <ImageUpload label="Slot image (optional)" onUploaded={setImageUrl} />
      {imageUrl && <img src={imageUrl} alt="" className="admin-table__logo" />}
      <div className="admin-form-actions">
        <SubmitButton busy={isLoading}>Add to catalogue and hunt</SubmitButton>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
