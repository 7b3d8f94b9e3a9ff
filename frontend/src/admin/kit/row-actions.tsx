import type { ReactNode } from 'react';

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
          <button type="button" className="button button--ghost button--small" aria-label={`Edit ${name}`} onClick={onEdit}>
            Edit
          </button>
        )}
        {children}
        {onDelete && (
          <button type="button" className="button button--danger button--small" aria-label={`${deleteLabel} ${name}`} onClick={onDelete}>
            {deleteLabel}
          </button>
        )}
      </div>
    </td>
  );
}
