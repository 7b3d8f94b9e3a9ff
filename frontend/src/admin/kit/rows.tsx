import type { ReactNode } from 'react';
import type { Column } from './resource';

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

/** A declared row's cells, the naming one as its row header. */
export function ResourceCells<T>({ row, columns }: { row: T; columns: Column<T>[] }) {
  return (
    <>
      {columns.map((column) =>
        column.rowHeader ? (
          <th scope="row" key={column.header}>
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.header}>{column.cell(row)}</td>
        ),
      )}
    </>
  );
}

interface ResourceRowsProps<T extends { id: number }> {
  rows: T[];
  columns: Column<T>[];
  name: (row: T) => string;
  onEdit?: (row: T) => void;
  /** The row's destructive action, or undefined where the row offers none. */
  onDelete?: (row: T) => (() => void) | undefined;
  deleteLabel?: 'Delete' | 'Remove' | 'Archive';
  actions?: (row: T) => ReactNode;
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
}

/** A declared list's body: one cell per column (the naming one as a row header) and the action cell. */
export function ResourceRows<T extends { id: number }>({
  rows,
  columns,
  name,
  onEdit,
  onDelete,
  deleteLabel,
  actions,
  rowProps,
}: ResourceRowsProps<T>) {
  const hasActions = Boolean(onEdit || onDelete || actions);
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id} {...rowProps?.(row)}>
          <ResourceCells row={row} columns={columns} />
          {hasActions && (
            <RowActions name={name(row)} onEdit={onEdit && (() => onEdit(row))} onDelete={onDelete?.(row)} deleteLabel={deleteLabel}>
              {actions?.(row)}
            </RowActions>
          )}
        </tr>
      ))}
    </>
  );
}

/** A plain admin table from declared columns, for a panel's list (a log, a raffle's entries): headers, then a row each. */
export function ColumnTable<T extends { id: number }>({ columns, rows }: { columns: Column<T>[]; rows: T[] }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.header}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <ResourceCells row={row} columns={columns} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
