import { useEffect, useId, useState } from 'react';
import type { SlotRequestRules } from '@kickback/contracts';
import { useDebounced } from '../../lib/use-debounced';
import { SlotMatches } from '../bonus-hunts/slot-matches';
import { useLazySearchSlotsQuery } from '../bonus-hunts/admin-bonus-hunts-api';

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
  const legendId = useId();
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), 200);
  const [find, { data: found = [], isFetching }] = useLazySearchSlotsQuery();
  useEffect(() => {
    if (search !== '') void find(search, true);
  }, [search, find]);
  const matches = search === '' ? [] : found.filter((slot) => !blocked.some((b) => b.id === slot.id)).slice(0, SHOWN_MATCHES);
  return (
    <fieldset className="field" aria-labelledby={legendId}>
      <legend id={legendId}>Blocked slots</legend>
      {blocked.length === 0 ? (
        <p className="field-hint">No slot is blocked.</p>
      ) : (
        <ul className="admin-badge-list" aria-label="Blocked slots">
          {blocked.map((slot) => (
            <li key={slot.id}>
              <span>
                {slot.name} <small>({slot.provider})</small>
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Unblock ${slot.name}`}
                onClick={() => onChange(blocked.filter((b) => b.id !== slot.id))}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        className="input"
        type="search"
        aria-label="Find a slot to block"
        placeholder="Slot or provider name"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
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
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
