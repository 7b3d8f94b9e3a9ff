import { useId, useState } from 'react';
import type { SlotRequestRules } from '@kickback/contracts';
import { useGetProvidersQuery } from '../bonus-hunts/admin-bonus-hunts-api';
import { BlockedListField } from './blocked-list-field';
import { SmallButton } from '../kit/rows';

export type BlockedProvider = SlotRequestRules['blocked_providers'][number];

interface BlockedProvidersFieldProps {
  blocked: BlockedProvider[];
  onChange: (blocked: BlockedProvider[]) => void;
  error?: string;
}

/** The providers whose slots members may not request, chosen from the catalogue's providers. */
export function BlockedProvidersField({ blocked, onChange, error }: BlockedProvidersFieldProps) {
  const selectId = useId();
  const { data: providers = [] } = useGetProvidersQuery();
  const [choice, setChoice] = useState('');
  const choosable = providers.filter((p) => !blocked.some((b) => b.id === p.id));
  const chosen = choosable.find((p) => String(p.id) === choice);
  return (
    <BlockedListField legend="Blocked providers" emptyText="No provider is blocked." blocked={blocked} onChange={onChange} error={error}>
      <div className="admin-form-actions">
        <label htmlFor={selectId} className="visually-hidden">
          Provider to block
        </label>
        <select id={selectId} className="select" value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">Choose a provider</option>
          {choosable.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
        <SmallButton
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            onChange([...blocked, { id: chosen.id, name: chosen.name }]);
            setChoice('');
          }}
        >
          Block provider
        </SmallButton>
      </div>
    </BlockedListField>
  );
}
