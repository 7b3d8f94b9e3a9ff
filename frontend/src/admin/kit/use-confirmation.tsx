import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** A question a row's button asks before it acts (refund, ban). */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  /** The way back where "Cancel" would be read as the action ("Keep raffle"). */
  cancelLabel?: string;
  /** Runs once confirmed; the dialog stays open and busy until it has ended. */
  run: () => Promise<unknown>;
}

/** One confirmation at a time: `ask` opens it, `dialog` is the open one to render (or null). */
export function useConfirmation() {
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    if (!asking) return;
    setRunning(true);
    try {
      await asking.run();
    } finally {
      setRunning(false);
      setAsking(null);
    }
  };

  const dialog = asking && (
    <ConfirmDialog
      title={asking.title}
      message={asking.message}
      confirmLabel={asking.confirmLabel}
      cancelLabel={asking.cancelLabel}
      busy={running}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask: setAsking, dialog };
}
