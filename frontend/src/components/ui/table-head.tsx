interface TableHeadProps {
  columns: string[];
  /** A last column (row buttons, a row's link) whose header is read by screen readers only. */
  hiddenLast?: string;
}

/** A table's header row: one column header per name, so a table states its columns once, as a list. */
export function TableHead({ columns, hiddenLast }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column}>
            {column}
          </th>
        ))}
        {hiddenLast && (
          <th scope="col">
            <span className="visually-hidden">{hiddenLast}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
