import type { TypedUseMutation, TypedUseQuery } from '@reduxjs/toolkit/query/react';
import { baseApi, type baseQuery, type EnvelopeMeta, type TagType } from '../../lib/api';

type Base = typeof baseQuery;
/** A change dispatched to the cached list; its `.undo()` puts the list back. */
type ListPatch = ReturnType<typeof baseApi.util.updateQueryData>;

/** An admin resource's four calls as hooks; every change answers the saved record, and an update sends `{ id, changes }`. */
export interface CrudHooks<T, Input, Update = Partial<Input>, ListArg = void, List = T[]> {
  useList: TypedUseQuery<List, ListArg, Base>;
  useCreate: TypedUseMutation<T, Input, Base>;
  useUpdate: TypedUseMutation<T, { id: number; changes: Update }, Base>;
  /** Answers the server's message ("in use and deactivated"), which the kit toasts in place of its own. */
  useRemove: TypedUseMutation<string | undefined, number, Base>;
  /** Changes the cached list before the server answers (an optimistic reorder): dispatch it, undo it on failure. */
  updateList: (arg: ListArg, recipe: (draft: List) => void) => ListPatch;
}

interface CrudSpec<ListArg, List> {
  /** Unique among the api's endpoints: `storeItems` gives `storeItemsList`, `storeItemsCreate`, … */
  name: string;
  /** The collection's URL; a record is `${url}/${id}`. */
  url: string;
  /** The tag the list provides; changes invalidate its type and `alsoInvalidates` (the public views of the same data). */
  tag: TagType | { type: TagType; id: string };
  alsoInvalidates?: TagType[];
  /** `own`: the screen's toast names the removed record, where the server's message is generic ("Hook deleted."). */
  removeToast?: 'server' | 'own';
  /** A paged or filtered list builds its URL and reads its envelope itself. */
  list?: { query: (arg: ListArg) => string; transform: (data: never, meta: EnvelopeMeta | undefined) => List };
}

/**
 * The list, create, update and delete endpoints of one admin resource, tagged once. The audit log's refresh after
 * any admin change is the base query's, not each endpoint's.
 */
export function crudEndpoints<T, Input, Update = Partial<Input>, ListArg = void, List = T[]>(
  spec: CrudSpec<ListArg, List>,
): CrudHooks<T, Input, Update, ListArg, List> {
  const listTag = typeof spec.tag === 'string' ? { type: spec.tag } : spec.tag;
  const changed = [listTag.type, ...(spec.alsoInvalidates ?? [])];
  const api = baseApi.injectEndpoints({
    endpoints: (build) => ({
      [`${spec.name}List`]: build.query<List, ListArg>({
        query: (arg) => spec.list?.query(arg) ?? spec.url,
        ...(spec.list ? { transformResponse: spec.list.transform } : {}),
        providesTags: [listTag],
      }),
      [`${spec.name}Create`]: build.mutation<T, Input>({
        query: (body) => ({ url: spec.url, method: 'POST', body }),
        invalidatesTags: changed,
      }),
      [`${spec.name}Update`]: build.mutation<T, { id: number; changes: Update }>({
        query: ({ id, changes }) => ({ url: `${spec.url}/${id}`, method: 'PUT', body: changes }),
        invalidatesTags: changed,
      }),
      [`${spec.name}Remove`]: build.mutation<string | undefined, number>({
        query: (id) => ({ url: `${spec.url}/${id}`, method: 'DELETE' }),
        transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => (spec.removeToast === 'own' ? undefined : meta?.message),
        invalidatesTags: changed,
      }),
    }),
  });
  // The endpoint names are built from `spec.name`, which the types cannot follow; their shapes are the ones above.
  const hook = (suffix: string, kind: 'useQuery' | 'useMutation') =>
    (api.endpoints as unknown as Record<string, Record<typeof kind, unknown>>)[`${spec.name}${suffix}`]![kind];
  return {
    useList: hook('List', 'useQuery') as CrudHooks<T, Input, Update, ListArg, List>['useList'],
    useCreate: hook('Create', 'useMutation') as CrudHooks<T, Input, Update, ListArg, List>['useCreate'],
    useUpdate: hook('Update', 'useMutation') as CrudHooks<T, Input, Update, ListArg, List>['useUpdate'],
    useRemove: hook('Remove', 'useMutation') as CrudHooks<T, Input, Update, ListArg, List>['useRemove'],
    updateList: (arg, recipe) =>
      (api.util.updateQueryData as unknown as (name: string, arg: ListArg, recipe: (draft: List) => void) => ListPatch)(
        `${spec.name}List`,
        arg,
        recipe,
      ),
  };
}
