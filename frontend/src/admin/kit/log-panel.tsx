import type { ReactNode } from 'react';
import type { Column } from './resource';
import { ColumnTable, SmallButton } from './rows';

interface LogPanelProps<T> {
  /** The panel's accessible name, naming the record it logs ("Fetch history of Roobet"). */
  label: string;
  title: ReactNode;
  /** The log's query: its rows, newest first, and a Refresh that reads them again. */
  query: { data?: T[]; isLoading: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  texts: { loading: string; error: string; empty: string };
  columns: Column<T>[];
}

/** A record's log under its row (fetches, deliveries): a Refresh button, the status lines and the table. */
export function LogPanel<T extends { id: number }>({ label, title, query, texts, columns }: LogPanelProps<T>) {
  const { data = [], isLoading, isError } = query;
  return (
    <section className="card admin-form" aria-label={label}>
      <div className="admin-page__header">
        <h2>{title}</h2>
        <SmallButton onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </SmallButton>
      </div>
      {isLoading && <p role="status">{texts.loading}</p>}
      {isError && <p role="alert">{texts.error}</p>}
      {!isLoading && !isError && data.length === 0 && <p className="admin-status">{texts.empty}</p>}
      {data.length > 0 && <ColumnTable columns={columns} rows={data} />}
    </section>
  );
}
