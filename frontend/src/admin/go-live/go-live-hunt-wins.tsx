import { useState, type FormEvent } from 'react';
import type { AdminHuntGame } from '@kickback/contracts';
import { formatAmount } from '../../lib/format';
import { useAdminAction } from '../kit/use-admin-crud';
import { useEnterHuntWinMutation } from './admin-go-live-api';
import { SmallButton } from '../kit/rows';
import { BareInput } from '../kit/bare-input';

/** The last win saved on Go live and what it replaced, for its undo. */
export interface LastWin {
  gameId: number;
  slotName: string;
  before: number | null;
  after: string;
}

/** Puts the last saved win back to what it was (a mistyped win on stream); predictions stay as they are. */
export function UndoWin({ huntId, last, onDone }: { huntId: number; last: LastWin; onDone: () => void }) {
  const [enterWin, state] = useEnterHuntWinMutation();
  const act = useAdminAction();
  const was = last.before === null ? 'not opened' : formatAmount(last.before);
  const undo = async () => {
    const done = await act(
      () => enterWin({ huntId, gameId: last.gameId, win: last.before === null ? null : String(last.before) }).unwrap(),
      `${last.slotName}: win set back to ${was}`,
      'Failed to undo the win',
    );
    if (done) onDone();
  };
  return (
    <p className="go-live__undo" data-testid="go-live-last-change">
      Last change: {last.slotName} win {formatAmount(last.after)} (was {was}).{' '}
      <SmallButton disabled={state.isLoading} onClick={() => void undo()}>
        Undo
      </SmallButton>
    </p>
  );
}

export function WinEntry({ huntId, game, onSaved }: { huntId: number; game: AdminHuntGame; onSaved: (last: LastWin) => void }) {
  const [value, setValue] = useState(game.slot_win === null ? '' : String(game.slot_win));
  const [enterWin, state] = useEnterHuntWinMutation();
  const act = useAdminAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const after = value.trim();
    const saved = await act(
      () => enterWin({ huntId, gameId: game.id, win: after }).unwrap(),
      `${game.slot_name}: ${formatAmount(after)} win saved`,
      'Failed to save the win',
    );
    if (saved) onSaved({ gameId: game.id, slotName: game.slot_name, before: game.slot_win, after });
  };
  return (
    <form className="go-live__win" onSubmit={(e) => void submit(e)}>
      <BareInput inputMode="decimal" label={`Win for ${game.slot_name}`} value={value} onChange={setValue} required />
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Save
      </button>
    </form>
  );
}
