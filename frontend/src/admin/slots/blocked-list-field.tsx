import { useId, type ReactNode } from 'react';
import { SmallButton } from '../kit/rows';

interface BlockedListFieldProps<T extends { id: number; name: string }> {
  legend: string;
  emptyText: string;
  blocked: T[];
  onChange: (blocked: T[]) => void;
  /** How a blocked entry reads in the list (its name unless told otherwise). */
  describe?: (entry: T) => ReactNode;
  error?: string;
  /** The picker that adds to the list. */
  children: ReactNode;
}

/** A slot-request blocklist: what is blocked, each unblocked on its own, and the picker that adds to it. */
export function BlockedListField<T extends { id: number; name: string }>({
  legend,
  emptyText,
  blocked,
  onChange,
  describe = (entry) => entry.name,
  error,
  children,
}: BlockedListFieldProps<T>) {
  const legendId = useId();
  return (
    <fieldset className="field" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {blocked.length === 0 ? (
        <p className="field-hint">{emptyText}</p>
      ) : (
        <ul className="admin-badge-list" aria-label={legend}>
          {blocked.map((entry) => (
            <li key={entry.id}>
              <span>{describe(entry)}</span>
              <SmallButton label={`Unblock ${entry.name}`} onClick={() => onChange(blocked.filter((b) => b.id !== entry.id))}>
                Unblock
              </SmallButton>
            </li>
          ))}
        </ul>
      )}
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
