import { useId, useState } from 'react';
import {
  PAYOUT_STATUS_LABELS,
  payoutTransitionSchema,
  type AdminPayout,
  type PayoutStatus,
  type PayoutTransition,
} from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { TextField } from '../../components/ui/text-field';
import { ContractTextField } from '../kit/contract-fields';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useMovePayoutMutation, useUploadPayoutProofMutation } from './admin-payouts-api';

/** The moves that ask for more than a click: paid (proof), failed (reason, retryable) and cancelled (reason). */
export type DetailedMove = Extract<PayoutStatus, 'paid' | 'failed' | 'cancelled'>;

const TITLES: Record<DetailedMove, string> = { paid: 'Mark paid', failed: 'Mark failed', cancelled: 'Cancel payout' };

/**
 * Asks for what a move needs and makes it from the status the admin saw, so a payout someone else moved meanwhile is
 * refused (409) with their name. A screenshot is uploaded first (checked and re-encoded by the server), then the move.
 */
export function PayoutMoveDialog({ payout, to, onClose }: { payout: AdminPayout; to: DetailedMove; onClose: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const [move, moving] = useMovePayoutMutation();
  const [upload, uploading] = useUploadPayoutProofMutation();
  const [reference, setReference] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [retryable, setRetryable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const body: PayoutTransition = { from: payout.status, to };
    if (to === 'paid') {
      if (reference.trim()) body.proof_reference = reference.trim();
      if (url.trim()) body.proof_url = url.trim();
    } else body.reason = reason.trim();
    if (to === 'failed') body.retryable = retryable;
    try {
      if (to === 'paid' && file) await upload({ id: payout.id, file }).unwrap();
      await move({ id: payout.id, move: body }).unwrap();
      toast.success(`Payout #${payout.id} is now ${PAYOUT_STATUS_LABELS[to]}.`);
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to update the payout'));
    }
  };

  const busy = moving.isLoading || uploading.isLoading;
  return (
    <ModalDialog className="confirm-dialog card payout-move-dialog" labelledBy={titleId} onCancel={onClose}>
      <h2 id={titleId} className="confirm-dialog__title">
        {TITLES[to]}: #{payout.id} {payout.prize} for {payout.recipient.name}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {to === 'paid' ? (
          <>
            <ContractTextField
              schema={payoutTransitionSchema}
              name="proof_reference"
              label="Transaction id or hash"
              value={reference}
              onChange={setReference}
              error={errors.proof_reference}
            />
            <TextField label="Proof link" type="url" value={url} onChange={setUrl} error={errors.proof_url} />
            <div className="field">
              <label htmlFor={`${titleId}-file`}>Screenshot</label>
              <input
                id={`${titleId}-file`}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              {errors.file && <span className="field-error">{errors.file}</span>}
              <span className="field-hint">Give at least one proof: a transaction id, a link or a screenshot.</span>
            </div>
          </>
        ) : (
          <ContractTextField
            schema={payoutTransitionSchema}
            name="reason"
            label="Reason"
            value={reason}
            onChange={setReason}
            required
            error={errors.reason}
          />
        )}
        {to === 'failed' && <CheckboxField label="It can be tried again" checked={retryable} onChange={setRetryable} />}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Back
          </button>
          <button type="submit" className={`button ${to === 'paid' ? 'button--primary' : 'button--danger'}`} disabled={busy}>
            {busy ? 'Working...' : TITLES[to]}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
