import { QueryStatus } from '../../components/ui/query-status';

interface RecordQuery {
  isLoading: boolean;
  isError: boolean;
  data?: unknown;
}

/** A Go live panel's one record (the contest, the poll) loading, failed or not there yet, named by its noun. */
export function RecordStatus({ query, noun, emptyText }: { query: RecordQuery; noun: string; emptyText: string }) {
  return (
    <QueryStatus
      isLoading={query.isLoading}
      isError={query.isError}
      isEmpty={!query.isLoading && !query.isError && !query.data}
      loadingText={`Loading the ${noun}...`}
      errorText={`Failed to load the ${noun}.`}
      emptyText={emptyText}
    />
  );
}
