import { useState, type FormEvent } from 'react';
import type { SlotRequestEntry, SlotRequestPlayed } from '@kickback/contracts';
import { formatCount, formatRelativeTime } from '../../lib/format';
import { requesterNames } from '../../lib/requester-names';
import { useAdminAction } from '../kit/use-admin-crud';
import { usePlayedSlotRequestMutation, useSkipSlotRequestMutation } from '../slots/admin-slot-requests-api';
import { SmallButton } from '../kit/rows';
import { BareInput } from '../kit/bare-input';

/** The bet and the win of a played request: optional dollar amounts. */
const AMOUNT_BOX = { className: 'input go-live__bet', type: 'number', min: '0', step: '0.01' } as const;

/** Requesters named on a row; the others are counted. */
const NAMES_SHOWN = 5;

const requestedBy = (entry: SlotRequestEntry) =>
  `${formatCount(entry.requesters_count, 'requester')}: ${requesterNames(entry, NAMES_SHOWN)}`;

/** The bet and win typed, if any: an empty field is not recorded. */
function result(bet: string, win: string): SlotRequestPlayed {
  return { ...(bet.trim() ? { bet: Number(bet) } : {}), ...(win.trim() ? { win: Number(win) } : {}) };
}

/** One queued request on Go live: its slot, who asked and how long ago; Played (bet and win optional) or Skip (refunded). */
export function SlotRequestRow({ entry }: { entry: SlotRequestEntry }) {
  const [bet, setBet] = useState('');
  const [win, setWin] = useState('');
  const [played, playing] = usePlayedSlotRequestMutation();
  const [skip, skipping] = useSkipSlotRequestMutation();
  const act = useAdminAction();
  const busy = playing.isLoading || skipping.isLoading;
  const name = entry.slot.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(() => played({ id: entry.id, ...result(bet, win) }).unwrap(), `${name} played`, 'Failed to mark as played');
  };
  return (
    <li className="go-live__request" data-testid="go-live-slot-request">
      <p className="go-live__title">
        {entry.place}. {name} <span className="field-hint">{entry.slot.provider}</span>
      </p>
      <p className="field-hint">
        {requestedBy(entry)} · requested {formatRelativeTime(entry.created_at)}
      </p>
      <form className="go-live__win" onSubmit={submit}>
        <BareInput {...AMOUNT_BOX} placeholder="Bet" label={`Bet on ${name} (optional)`} value={bet} onChange={setBet} />
        <BareInput {...AMOUNT_BOX} placeholder="Win" label={`Win on ${name} (optional)`} value={win} onChange={setWin} />
        <button type="submit" className="button button--primary button--small" disabled={busy} aria-label={`Played ${name}`}>
          Played
        </button>
        <SmallButton
          label={`Skip ${name}`}
          disabled={busy}
          onClick={() => void act(() => skip(entry.id).unwrap(), `${name} skipped, points refunded`, 'Failed to skip')}
        >
          Skip
        </SmallButton>
      </form>
    </li>
  );
}
