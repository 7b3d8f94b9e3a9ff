import { EmptyState } from './empty-state';

interface TryAgainProps {
  onRetry: () => unknown;
  /** While the refetch runs the button waits. */
  busy?: boolean;
  className?: string;
}

function TryAgain({ onRetry, busy, className = 'button button--ghost' }: TryAgainProps) {
  return (
    <button type="button" className={className} onClick={() => void onRetry()} disabled={busy}>
      Try again
    </button>
  );
}

/** A list or page that could not load: what failed, the usual advice, and a Try again that refetches. */
export function LoadFailed({ title, level, ...retry }: TryAgainProps & { title: string; level?: 1 | 2 }) {
  return (
    <EmptyState level={level} title={title} text="Please try again in a moment.">
      <TryAgain {...retry} />
    </EmptyState>
  );
}

/** The same inside a panel or menu, where a card would be too much: an alert line and a small Try again. */
export function LoadFailedNote({ message, className, ...retry }: TryAgainProps & { message: string }) {
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      <TryAgain className="button button--ghost button--small" {...retry} />
    </div>
  );
}
