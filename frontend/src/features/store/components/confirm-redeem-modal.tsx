import { useId } from 'react';
import type { StoreItem } from '@kickback/contracts';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatNumber } from '../../../lib/format';

interface ConfirmRedeemModalProps {
  item: StoreItem;
  points: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** SPEC §2 confirm-purchase modal: current points, cost and points after purchase. */
export function ConfirmRedeemModal({ item, points, busy, onConfirm, onCancel }: ConfirmRedeemModalProps) {
  const titleId = useId();

  return (
    <ModalDialog
      className="card store-modal"
      labelledBy={titleId}
      onCancel={() => {
        // A redemption in flight cannot be abandoned with Escape either.
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>Confirm Purchase</h2>
      <p>
        Redeem <strong>{item.name}</strong>?
      </p>
      <dl className="store-modal__sums">
        <div>
          <dt>Current Points</dt>
          <dd data-testid="confirm-current">{formatNumber(points)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd data-testid="confirm-cost">-{formatNumber(item.cost)}</dd>
        </div>
        <div className="store-modal__after">
          <dt>Points After Purchase</dt>
          <dd data-testid="confirm-after">{formatNumber(points - item.cost)}</dd>
        </div>
      </dl>
      <div className="store-modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy ? 'Redeeming...' : 'Confirm Purchase'}
        </button>
      </div>
    </ModalDialog>
  );
}
