import type { ReactNode } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import type { Column, ListTexts } from './resource';

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

/** The buttons of an admin catalogue row: Edit, the page's own actions, then the destructive one. */
export function RowActions({ name, onEdit, onDelete, deleteLabel = 'Delete', children }: RowActionsProps) {
  return (
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

interface StatusTableProps<T> {
  query: { isLoading: boolean; isError: boolean; isFetching?: boolean };
  /** The rows to show; undefined until the list has arrived. */
  rows: T[] | undefined;
  texts: ListTexts;
  columns: Column<T>[];
  /** The row's React key; its id unless said. */
  rowKey?: (row: T) => string | number;
  /** The last cell (the row's buttons); without it the table has no action column. */
  actions?: (row: T) => ReactNode;
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
}

const idOf = (row: unknown) => (row as { id: number }).id;

interface QueryLinesProps {
  query: { isLoading: boolean; isError: boolean };
  texts: Pick<ListTexts, 'loading' | 'error'> & { empty?: string };
  /** Whether the answer holds nothing to show, for the empty line; a panel that is never empty leaves it out. */
  nothing?: boolean;
}

/** A query's loading and failed lines, and its empty line once it has answered with no rows. */
export function QueryLines({ query: { isLoading, isError }, texts, nothing = false }: QueryLinesProps) {
  return (
    <QueryStatus
      isLoading={isLoading}
      isError={isError}
      isEmpty={!isLoading && !isError && nothing}
      loadingText={texts.loading}
      errorText={texts.error}
      emptyText={texts.empty}
    />
  );
}

/** A declared list: its loading, failure and empty lines, then the table of its rows with their action cell. */
export function StatusTable<T>({ query, rows, texts, columns, rowKey = idOf, actions, rowProps }: StatusTableProps<T>) {
  return (
    <>
      <QueryLines query={query} texts={texts} nothing={rows?.length === 0} />
      {rows && rows.length > 0 && (
        <DataTable
          caption={texts.caption}
          columns={columns.map((column) => column.header)}
          actions={Boolean(actions)}
          busy={query.isFetching}
        >
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              <ResourceCells row={row} columns={columns} />
              {actions && <td>{actions(row)}</td>}
            </tr>
          ))}
        </DataTable>
      )}
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
