import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** While the form's request is on its way: the button is disabled and says `busyText`, when given, instead. */
  busy?: boolean;
  busyText?: string;
  /** Disabled for another reason (nothing chosen yet, nothing changed). */
  disabled?: boolean;
  children: ReactNode;
}

/** A form's primary submit button, pressed once per request. */
export function SubmitButton({ busy = false, busyText, disabled = false, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" disabled={busy || disabled}>
      {busy && busyText ? busyText : children}
    </button>
  );
}
