import { useSearchParams } from 'react-router-dom';

const pageFrom = (value: string | null): number => {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
};

/**
 * A list's filters and page, kept in the URL (`?status=new&page=2`) so a link, a reload or Back shows the same
 * list. Values equal to their default are left out of the URL; an unknown value falls back to the default.
 */
export function useListParams<F extends Record<string, string>>(defaults: F, allowed: { [K in keyof F]?: readonly string[] } = {}) {
  const [params, setParams] = useSearchParams();
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const value = params.get(key);
    if (value !== null && (allowed[key]?.includes(value) ?? true)) filters[key] = value as F[typeof key];
  }
  const page = pageFrom(params.get('page'));

  const write = (next: F, nextPage: number) => {
    const search: Record<string, string> = {};
    for (const key of Object.keys(next)) if (next[key] !== defaults[key]) search[key] = next[key]!;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };
  return {
    filters,
    page,
    /** A new filter starts again at page 1. */
    setFilter: <K extends keyof F & string>(key: K, value: F[K]) => write({ ...filters, [key]: value }, 1),
    setPage: (next: number) => write(filters, next),
  };
}

const noFilters = {};

/** A paged list whose only URL state is its page (`?page=2`, left out for the first): the page and the way to another. */
export function usePageParam(): [page: number, setPage: (next: number) => void] {
  const { page, setPage } = useListParams(noFilters);
  return [page, setPage];
}
