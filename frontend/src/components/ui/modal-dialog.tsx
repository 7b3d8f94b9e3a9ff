import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  className: string;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Escape: the browser's own close is prevented, so React state stays the one source of truth. */
  onCancel: () => void;
  children: ReactNode;
}

/** A modal built on <dialog>, so focus trapping and Escape come from the browser; opened once on mount. */
export function ModalDialog({ className, labelledBy, describedBy, onCancel, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
