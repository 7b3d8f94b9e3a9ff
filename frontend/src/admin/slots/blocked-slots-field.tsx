import { useEffect, useState } from 'react';
import type { SlotRequestRules } from '@kickback/contracts';
import { useDebounced } from '../../lib/use-debounced';
import { SlotMatches } from '../bonus-hunts/slot-matches';
import { useLazySearchSlotsQuery } from '../bonus-hunts/admin-bonus-hunts-api';
import { BlockedListField } from './blocked-list-field';
import { BareInput } from '../kit/bare-input';

export type BlockedSlot = SlotRequestRules['blocked_slots'][number];

/** Matches listed at once; typing more narrows them. */
const SHOWN_MATCHES = 5;

interface BlockedSlotsFieldProps {
  blocked: BlockedSlot[];
  onChange: (blocked: BlockedSlot[]) => void;
  error?: string;
}

/** The slots members may not request: found in the catalogue by name (never typed as ids), removed one by one. */
export function BlockedSlotsField({ blocked, onChange, error }: BlockedSlotsFieldProps) {
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), 200);
  const [find, { data: found = [], isFetching }] = useLazySearchSlotsQuery();
  useEffect(() => {
    if (search !== '') void find(search, true);
  }, [search, find]);
  const matches = search === '' ? [] : found.filter((slot) => !blocked.some((b) => b.id === slot.id)).slice(0, SHOWN_MATCHES);
  return (
    <BlockedListField
      legend="Blocked slots"
      emptyText="No slot is blocked."
      blocked={blocked}
      onChange={onChange}
      describe={(slot) => (
        <>
          {slot.name} <small>({slot.provider})</small>
        </>
      )}
      error={error}
    >
      <BareInput type="search" label="Find a slot to block" placeholder="Slot or provider name" value={term} onChange={setTerm} />
      {isFetching && <p className="field-hint">Searching...</p>}
      {matches.length > 0 && (
        <SlotMatches
          className="admin-badge-list"
          label="Slots to block"
          slots={matches}
          disabled={false}
          onAdd={(slot) => {
            onChange([...blocked, { id: slot.id, name: slot.name, provider: slot.provider.name }]);
            setTerm('');
          }}
        />
      )}
    </BlockedListField>
  );
}
