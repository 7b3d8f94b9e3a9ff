import { useEffect, useState, type FormEvent } from 'react';
import type { CatalogueSlot } from '@kickback/contracts';
import { useToast } from '../../lib/use-toast';
import { useAdminAction } from '../kit/use-admin-crud';
import { useLazySearchSlotsQuery } from '../bonus-hunts/admin-bonus-hunts-api';
import { useAddLiveHuntGameMutation } from './admin-go-live-api';

const BET = /^\d+(\.\d{1,2})?$/;
/** Matches listed at once: the panel stays short; typing more narrows them. */
const SHOWN_MATCHES = 5;

/** Adds a bonus to the running hunt from Go live: search the slot catalogue, type the bet, Add (Enter adds the first match). */
export function AddLiveSlot({
  huntId,
  startOpen,
}: {
  huntId: number;
  /** Unfolded at first (a hunt with no slot yet). */
  startOpen: boolean;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(startOpen);
  const act = useAdminAction();
  const [term, setTerm] = useState('');
  const [bet, setBet] = useState('');
  const [search, { data: results = [], isFetching }] = useLazySearchSlotsQuery();
  const [add, state] = useAddLiveHuntGameMutation();

  useEffect(() => {
    if (term.trim() === '') return;
    const timer = setTimeout(() => void search(term.trim(), true), 200);
    return () => clearTimeout(timer);
  }, [term, search]);

  const addSlot = async (slot: CatalogueSlot) => {
    if (bet.trim() !== '' && !BET.test(bet.trim())) {
      toast.error('Enter the bet with at most 2 decimals.');
      return;
    }
    const added = await act(
      () => add({ huntId, slot_id: slot.id, ...(bet.trim() ? { bet: bet.trim() } : {}) }).unwrap(),
      `${slot.name} added`,
      'Failed to add the slot',
    );
    if (added) setTerm('');
  };
  const matches = term.trim() === '' ? [] : results.slice(0, SHOWN_MATCHES);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (matches[0]) void addSlot(matches[0]);
  };
  return (
    <details className="go-live__add-slot" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Add a slot</summary>
      <form className="go-live__add-slot-form" aria-label="Add a slot to the hunt" onSubmit={onSubmit}>
        <input
          className="input"
          type="search"
          aria-label="Search slots"
          placeholder="Slot or provider name"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <input
          className="input go-live__bet"
          inputMode="decimal"
          aria-label="Bet ($)"
          placeholder="Bet 0.00"
          value={bet}
          onChange={(e) => setBet(e.target.value)}
        />
      </form>
      {isFetching && <p className="admin-status">Searching...</p>}
      {matches.length > 0 && (
        <ul className="go-live__others" aria-label="Matching slots">
          {matches.map((slot) => (
            <li key={slot.id}>
              <span>
                {slot.name} <small>({slot.provider.name})</small>
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={state.isLoading}
                aria-label={`Add ${slot.name}`}
                onClick={() => void addSlot(slot)}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      {!isFetching && term.trim() !== '' && results.length === 0 && (
        <p className="admin-status">No slot matches “{term.trim()}”. New slots are created in Bonus Hunts.</p>
      )}
    </details>
  );
}
