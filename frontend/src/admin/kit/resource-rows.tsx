import type { ReactNode } from 'react';
import type { Column } from './resource';
import { ResourceCells } from './resource-cells';
import { RowActions } from './row-actions';

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
