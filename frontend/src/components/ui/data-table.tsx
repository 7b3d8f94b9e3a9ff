import type { CSSProperties, ReactNode } from 'react';
import { TableHead } from './table-head';

interface AdminTableProps {
  /** Read by screen readers only. */
  caption?: string;
  columns: string[];
  /** Adds a last column for row buttons whose header is read by screen readers only. */
  actions?: boolean;
  /** Inside a panel that is already a card, the table gets no card of its own. */
  card?: boolean;
  busy?: boolean;
  className?: string;
  style?: CSSProperties;
  /** The body rows. */
  children: ReactNode;
}

/** The scrollable admin table with its header row; pages render only the rows. */
export function DataTable({ caption, columns, actions = false, card = true, busy, className, style, children }: AdminTableProps) {
  return (
    <div className={card ? 'card admin-table-wrap' : 'admin-table-wrap'} style={style} aria-busy={busy}>
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <TableHead columns={columns} hiddenLast={actions ? 'Actions' : undefined} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
