import { useSearchParams } from 'react-router-dom';

/** A paged list whose only URL state is its page (`?page=2`, left out for the first): the page and the way to another. */
export function usePageParam(): [page: number, setPage: (next: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (next) => setParams(next > 1 ? { page: String(next) } : {})];
}
