import { useId } from 'react';
import type { StoreItem } from '@kickback/contracts';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatNumber } from '../../../lib/format';
import { FactList } from '../../../components/ui/fact-list';

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
      <FactList
        className="store-modal__sums"
        facts={[
          { label: 'Current Points', value: formatNumber(points), testId: 'confirm-current' },
          { label: 'Cost', value: `-${formatNumber(item.cost)}`, testId: 'confirm-cost' },
          {
            label: 'Points After Purchase',
            value: formatNumber(points - item.cost),
            testId: 'confirm-after',
            className: 'store-modal__after',
          },
        ]}
      />
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
