import type { ReactNode } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { FilterBar } from './filter-bar';
import { ResourceCells } from './resource-cells';
import type { QueuePage, QueueResource } from './resource';
import { useListParams } from './use-list-params';

const noRowActions = () => () => null;
const noFilters = {};

/** Draws a declared queue screen: header, filters kept in the URL, status lines, rows with their actions, pager. */
export function QueueScreen<T extends { id: number }, F extends Record<string, string>, P extends QueuePage<T>>({
  resource,
}: {
  resource: QueueResource<T, F, P>;
}) {
  const allowed = Object.fromEntries((resource.filters?.declarations ?? []).map((filter) => [filter.name, filter.options.map((o) => o.value)]));
  const list = useListParams((resource.filters?.defaults ?? noFilters) as F, allowed as unknown as { [K in keyof F]?: readonly string[] });
  const { data, isLoading, isFetching, isError } = resource.useList({ ...list.filters, page: list.page });
  const rowActions: (row: T) => ReactNode = (resource.useRowActions ?? noRowActions)();
  const { texts } = resource;
  const hasActions = Boolean(resource.useRowActions);

  return (
    <div className="admin-page">
      <PageHeader title={resource.title}>{resource.header?.(data)}</PageHeader>
      {resource.filters && (
        <FilterBar
          filters={resource.filters.declarations}
          values={list.filters}
          onChange={(name, value) => list.setFilter(name as keyof F & string, value as F[keyof F & string])}
        />
      )}
      {resource.aboveList}
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText={texts.loading}
        errorText={texts.error}
        emptyText={texts.empty}
      />
      {data && data.data.length > 0 && (
        <DataTable caption={texts.caption} columns={resource.columns.map((column) => column.header)} actions={hasActions} busy={isFetching}>
          {data.data.map((row) => (
            <tr key={row.id} {...resource.rowProps?.(row)}>
              <ResourceCells row={row} columns={resource.columns} />
              {hasActions && <td>{rowActions(row)}</td>}
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label={resource.pagerLabel} page={list.page} lastPage={data.pagination.last_page} onPage={list.setPage} />}
    </div>
  );
}
