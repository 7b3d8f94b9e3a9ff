import { QueryLines } from '../kit/rows';

interface RecordQuery {
  isLoading: boolean;
  isError: boolean;
  data?: unknown;
}

/** A Go live panel's one record (the contest, the poll) loading, failed or not there yet, named by its noun. */
export function RecordStatus({ query, noun, emptyText }: { query: RecordQuery; noun: string; emptyText: string }) {
  return (
    <QueryLines
      query={query}
      nothing={!query.data}
      texts={{ loading: `Loading the ${noun}...`, error: `Failed to load the ${noun}.`, empty: emptyText }}
    />
  );
}
