import { useId } from 'react';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The way out, named when "Cancel" would read like the action itself (cancelling a raffle). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation: title, message, Cancel and the dangerous action. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog className="confirm-dialog card" labelledBy={titleId} describedBy={messageId} onCancel={onCancel}>
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
