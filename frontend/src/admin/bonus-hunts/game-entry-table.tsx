import { useRef, useState, type KeyboardEvent } from 'react';
import type { AdminHuntDetail, AdminHuntGame } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatAmount, formatMultiplier } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { useAdminAction } from '../kit/use-admin-crud';
import {
  useRemoveHuntGameMutation,
  useReorderHuntGamesMutation,
  useRestoreHuntGameMutation,
  useUpdateHuntGameMutation,
} from './admin-bonus-hunts-api';
import { SmallButton } from '../kit/rows';

type Column = 'bet' | 'win';

const serverText = (game: AdminHuntGame, column: Column): string => {
  const value = column === 'bet' ? game.slot_bet : game.slot_win;
  return value === null ? '' : value.toFixed(2);
};

/** Ids with the row at `index` swapped with its neighbour in `direction`. */
export function movedIds(games: AdminHuntGame[], index: number, direction: -1 | 1): number[] {
  const ids = games.map((g) => g.id);
  const target = index + direction;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

/**
 * Fast entry during the stream: type a bet or win and press Enter to save it and jump to the
 * same field of the next slot (Tab moves across, Escape restores the saved value). Every save
 * is pushed live to the public page by the server.
 */
export function GameEntryTable({ hunt }: { hunt: AdminHuntDetail }) {
  const toast = useToast();
  const [save] = useUpdateHuntGameMutation();
  const [remove, removeState] = useRemoveHuntGameMutation();
  const [reorder, reorderState] = useReorderHuntGamesMutation();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<AdminHuntGame | null>(null);
  const [removed, setRemoved] = useState<RemovedGame | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // What each cell last sent, so Enter followed by the blur it causes saves once.
  const sent = useRef(new Map<string, string>());
  // Wins can be typed while collecting too: the first one saved starts opening the hunt (and closes predictions).
  const completed = hunt.status === 'completed';

  const key = (gameId: number, column: Column) => `${gameId}-${column}`;
  const valueOf = (game: AdminHuntGame, column: Column) => drafts[key(game.id, column)] ?? serverText(game, column);

  const commit = async (game: AdminHuntGame, column: Column): Promise<boolean> => {
    const cellKey = key(game.id, column);
    const text = valueOf(game, column).trim();
    if (text === serverText(game, column) || sent.current.get(cellKey) === text) return true;
    if (column === 'bet' && text === '') return true;
    if (text !== '' && !/^\d+(\.\d{1,2})?$/.test(text)) {
      toast.error('Enter an amount with at most 2 decimals.');
      return false;
    }
    sent.current.set(cellKey, text);
    try {
      await save({ huntId: hunt.id, gameId: game.id, [column]: text === '' ? null : text }).unwrap();
      // Show the saved value as the server formats it.
      setDrafts((current) => ({ ...current, [cellKey]: text === '' ? '' : Number(text).toFixed(2) }));
      return true;
    } catch (error) {
      sent.current.delete(cellKey);
      toast.error(errorMessage(error, `Failed to save the ${column}`));
      return false;
    }
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>, index: number, column: Column) => {
    const game = hunt.games[index]!;
    if (event.key === 'Escape') {
      sent.current.delete(key(game.id, column));
      setDrafts((current) => {
        const next = { ...current };
        delete next[key(game.id, column)];
        return next;
      });
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!(await commit(game, column))) return;
    const next = hunt.games[index + 1];
    if (next) inputs.current.get(key(next.id, column))?.focus();
    else event.currentTarget.blur();
  };

  const cell = (game: AdminHuntGame, index: number, column: Column) => {
    const disabled = completed;
    return (
      <input
        ref={(element) => {
          if (element) inputs.current.set(key(game.id, column), element);
          else inputs.current.delete(key(game.id, column));
        }}
        className="input hunt-entry__input"
        inputMode="decimal"
        aria-label={`${column === 'bet' ? 'Bet' : 'Win'} for ${game.slot_name}`}
        placeholder={column === 'win' ? 'unopened' : '0.00'}
        value={valueOf(game, column)}
        disabled={disabled}
        onChange={(event) => setDrafts((current) => ({ ...current, [key(game.id, column)]: event.target.value }))}
        onKeyDown={(event) => void onKeyDown(event, index, column)}
        onBlur={() => void commit(game, column)}
      />
    );
  };

  const undoRemoval = useUndoRemoval(hunt.id);
  const confirmRemoval = async (game: AdminHuntGame) => {
    const position = hunt.games.findIndex((g) => g.id === game.id);
    try {
      await remove({ huntId: hunt.id, gameId: game.id }).unwrap();
      const gone = { game, position };
      setRemoved(gone);
      // Undo right where the eye is; the line under the table keeps it after the toast is gone.
      toast.successWithAction(
        `${game.slot_name} removed from ${hunt.name}`,
        'Undo',
        () => void undoRemoval(gone).then((done) => done && setRemoved((current) => (current === gone ? null : current))),
      );
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove the slot'));
    }
    setRemoving(null);
  };

  const undo = removed && !completed && <UndoRemoval huntId={hunt.id} removed={removed} onDone={() => setRemoved(null)} />;

  if (hunt.games.length === 0)
    return (
      <>
        <p className="admin-status">No slots yet. Search the catalogue below to add the bonuses of this hunt.</p>
        {undo}
      </>
    );

  const table = (
    <DataTable
      caption={`Slots of hunt #${hunt.id} in opening order`}
      columns={['#', 'Slot', 'Bet ($)', 'Win ($)', 'Multiplier']}
      actions
      className="hunt-entry"
    >
      {hunt.games.map((game, index) => (
        <tr key={game.id} className={game.opened ? 'hunt-entry__row--opened' : undefined}>
          <td>{index + 1}</td>
          <th scope="row">
            {game.slot_name}
            <br />
            <small>{game.provider.name}</small>
          </th>
          <td>{cell(game, index, 'bet')}</td>
          <td>{cell(game, index, 'win')}</td>
          <td>{game.multiplier === null ? '—' : formatMultiplier(game.multiplier)}</td>
          <td>
            {!completed && (
              <div className="admin-row-actions">
                <SmallButton
                  label={`Move ${game.slot_name} up`}
                  disabled={index === 0 || reorderState.isLoading}
                  onClick={() =>
                    reorder({ huntId: hunt.id, ids: movedIds(hunt.games, index, -1) })
                      .unwrap()
                      .catch((e) => toast.error(errorMessage(e, 'Failed to reorder slots')))
                  }
                >
                  ↑
                </SmallButton>
                <SmallButton
                  label={`Move ${game.slot_name} down`}
                  disabled={index === hunt.games.length - 1 || reorderState.isLoading}
                  onClick={() =>
                    reorder({ huntId: hunt.id, ids: movedIds(hunt.games, index, 1) })
                      .unwrap()
                      .catch((e) => toast.error(errorMessage(e, 'Failed to reorder slots')))
                  }
                >
                  ↓
                </SmallButton>
                <SmallButton
                  tone="danger"
                  label={`Remove ${game.slot_name}`}
                  disabled={removeState.isLoading}
                  onClick={() => setRemoving(game)}
                >
                  Remove
                </SmallButton>
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
  return (
    <>
      {table}
      {undo}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.slot_name}?`}
          message={
            removing.opened
              ? `${removing.slot_name} leaves ${hunt.name} with its bet of ${formatAmount(removing.slot_bet)} and its saved win of ${formatAmount(removing.slot_win ?? 0)}; the hunt's numbers change for everyone watching.`
              : `${removing.slot_name} leaves ${hunt.name} with its bet of ${formatAmount(removing.slot_bet)}.`
          }
          confirmLabel="Remove slot"
          cancelLabel="Keep slot"
          busy={removeState.isLoading}
          onConfirm={() => void confirmRemoval(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}

/** The last slot removed on this screen, with the place it had, for its undo. */
interface RemovedGame {
  game: AdminHuntGame;
  position: number;
}

/**
 * Puts a removed slot back (a Remove clicked on the wrong row on stream): the server kept the removed row, its bet,
 * its win and its place, and puts it back once (a second undo, from the toast or the line under the table, is a 409).
 */
function useUndoRemoval(huntId: number) {
  const [restore] = useRestoreHuntGameMutation();
  const act = useAdminAction();
  return ({ game, position }: RemovedGame): Promise<boolean> => {
    return act(
      () => restore({ huntId, game_id: game.id }).unwrap(),
      `${game.slot_name} is back at #${position + 1}`,
      'Failed to put the slot back',
    );
  };
}

function UndoRemoval({ huntId, removed, onDone }: { huntId: number; removed: RemovedGame; onDone: () => void }) {
  const undoRemoval = useUndoRemoval(huntId);
  const [busy, setBusy] = useState(false);
  const { game, position } = removed;
  const undo = async () => {
    setBusy(true);
    const done = await undoRemoval(removed);
    setBusy(false);
    if (done) onDone();
  };
  return (
    <p className="admin-status" data-testid="hunt-last-removal">
      Removed {game.slot_name} (#{position + 1}, bet {formatAmount(game.slot_bet)}
      {game.slot_win === null ? '' : `, win ${formatAmount(game.slot_win)}`}).{' '}
      <SmallButton disabled={busy} onClick={() => void undo()}>
        Undo removal
      </SmallButton>
    </p>
  );
}
