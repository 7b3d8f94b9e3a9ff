import type { FilterDeclaration, FilterOption } from './filter-bar';
import type { QueueFilters } from './resource';
import { useListParams } from './use-list-params';

const noFilters = {};
const noOptions = (): Record<string, readonly FilterOption[]> => ({});

/** A queue's filters as the URL holds them, with the drop-downs' options (declared, then the server's). */
export function useQueueFilters<F extends Record<string, string>>(filters: QueueFilters<F> | undefined) {
  const serverOptions = (filters?.useOptions ?? noOptions)();
  const declarations: FilterDeclaration[] = (filters?.declarations ?? []).map((filter) => {
    const more = serverOptions[filter.name];
    return more ? { ...filter, options: [...filter.options, ...more] } : filter;
  });
  // A value outside a drop-down's options falls back to its default; a search (and a server-filled list) takes any.
  const allowed = Object.fromEntries(
    declarations.filter((filter) => !(filter.name in serverOptions)).map((filter) => [filter.name, filter.options.map((o) => o.value)]),
  );
  const list = useListParams((filters?.defaults ?? noFilters) as F, allowed as unknown as { [K in keyof F]?: readonly string[] });
  return { ...list, declarations };
}
