import type { Column } from './resource';

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
