import { useId, useState } from 'react';
import { adminRaffleRerollSchema, claimTimeLeftWords, type AdminRaffle } from '@kickback/contracts';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { ContractTextField } from '../kit/contract-fields';
import { claimOf, claimSecondsLeft } from './winner-claim';

interface Props {
  raffle: AdminRaffle;
  position: number;
  busy: boolean;
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}

/**
 * Confirms a reroll. A winner still inside their claim window loses the prize only with a typed reason, which they are
 * told; the dialog says how long they still have (the server refuses without a reason and never rerolls a claimed prize).
 */
export function RerollDialog({ raffle, position, busy, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const messageId = useId();
  const [reason, setReason] = useState('');
  const winner = raffle.winners[position - 1];
  const left = winner ? claimSecondsLeft(claimOf(raffle, winner.id)) : null;
  const name = winner ? winner.kick_username || winner.username : `Winner #${position}`;
  const message =
    left === null
      ? `Winner #${position} of ${raffle.title} (${name}) is replaced by the next participant in the draw order, and told.`
      : `${name} still has ${claimTimeLeftWords(left)} to claim the prize. Rerolling now gives it to the next participant in the draw order; ${name} is told your reason.`;
  const needsReason = left !== null;
  return (
    <ModalDialog className="confirm-dialog card" labelledBy={titleId} describedBy={messageId} onCancel={onCancel}>
      <h2 id={titleId} className="confirm-dialog__title">
        Reroll this winner?
      </h2>
      <p id={messageId} data-testid="reroll-message">
        {message}
      </p>
      {needsReason && (
        <ContractTextField
          schema={adminRaffleRerollSchema}
          name="reason"
          label="Reason (the winner sees it)"
          value={reason}
          placeholder="Not in chat to confirm"
          onChange={setReason}
        />
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>
          Keep winner
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => onConfirm(reason.trim() || undefined)}
          disabled={busy || (needsReason && !reason.trim())}
        >
          {busy ? 'Working...' : 'Reroll'}
        </button>
      </div>
    </ModalDialog>
  );
}
