import { useState, type FormEvent } from 'react';
import { SlotMatches } from '../bonus-hunts/slot-matches';
import { useSlotSearch } from '../bonus-hunts/use-slot-search';
import { useAddLiveHuntGameMutation } from './admin-go-live-api';
import { BareInput } from '../kit/bare-input';

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
  const [open, setOpen] = useState(startOpen);
  const [add] = useAddLiveHuntGameMutation();
  const picker = useSlotSearch((slot_id, bet) => add({ huntId, slot_id, ...(bet ? { bet } : {}) }).unwrap(), { searchWhenEmpty: false });
  const matches = picker.results.slice(0, SHOWN_MATCHES);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (matches[0]) void picker.addSlot(matches[0]);
  };
  return (
    <details className="go-live__add-slot" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Add a slot</summary>
      <form className="go-live__add-slot-form" aria-label="Add a slot to the hunt" onSubmit={onSubmit}>
        <BareInput type="search" label="Search slots" placeholder="Slot or provider name" value={picker.term} onChange={picker.setTerm} />
        <BareInput
          className="input go-live__bet"
          inputMode="decimal"
          label="Bet ($)"
          placeholder="Bet 0.00"
          value={picker.bet}
          onChange={picker.setBet}
        />
      </form>
      {picker.isFetching && <p className="admin-status">Searching...</p>}
      {matches.length > 0 && (
        <SlotMatches
          className="go-live__others"
          label="Matching slots"
          slots={matches}
          disabled={picker.adding}
          onAdd={(slot) => void picker.addSlot(slot)}
        />
      )}
      {picker.noMatch && <p className="admin-status">No slot matches “{picker.searched}”. New slots are created in Bonus Hunts.</p>}
    </details>
  );
}
