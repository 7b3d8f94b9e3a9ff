import type { ReactNode } from 'react';

interface SmallButtonProps {
  /** Its look: the row's main action, a quiet one, a destructive one, or the plain small button. */
  tone?: 'primary' | 'ghost' | 'danger' | 'plain';
  /** The accessible name where the text alone does not say which row it acts on ("Approve: payout 12"). */
  label?: string;
  /** For a button that toggles a panel open. */
  pressed?: boolean;
  title?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The small button of a row or a panel; most of the admin's buttons, written once. */
export function SmallButton({ tone = 'ghost', label, pressed, title, disabled, onClick, children }: SmallButtonProps) {
  return (
    <button
      type="button"
      className={tone === 'plain' ? 'button button--small' : `button button--${tone} button--small`}
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

interface RowActionsProps {
  /** The row's name, read out with each action ("Edit Gift Card"). */
  name: string;
  onEdit?: () => void;
  /** The destructive action, last and in red: delete, remove or archive. */
  onDelete?: () => void;
  deleteLabel?: 'Delete' | 'Remove' | 'Archive';
  /** The page's own actions, between Edit and the destructive one. */
  children?: ReactNode;
}

/** The last cell of an admin catalogue row: Edit, the page's own actions, then the destructive one. */
export function RowActions({ name, onEdit, onDelete, deleteLabel = 'Delete', children }: RowActionsProps) {
  return (
    <td>
      <div className="admin-row-actions">
        {onEdit && (
          <SmallButton label={`Edit ${name}`} onClick={onEdit}>
            Edit
          </SmallButton>
        )}
        {children}
        {onDelete && (
          <SmallButton tone="danger" label={`${deleteLabel} ${name}`} onClick={onDelete}>
            {deleteLabel}
          </SmallButton>
        )}
      </div>
    </td>
  );
}
