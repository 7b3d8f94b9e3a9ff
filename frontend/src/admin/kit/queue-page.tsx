import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { useConfirmation } from './use-confirmation';
import { useListParams } from '../../lib/use-list-params';
import { FilterBar, type FilterDeclaration, type FilterOption } from './filter-bar';
import { StatusTable } from './rows';
import type { QueueFilters, QueuePage, QueueResource, QueueRowKit } from './resource';

const noRowActions = () => () => null;

interface QueueProps<T extends { id: number }, F extends Record<string, string>, P extends QueuePage<T>> {
  resource: QueueResource<T, F, P>;
}

/** Draws a declared queue screen: the list, or the detail of the row the URL names. */
export function QueueScreen<T extends { id: number }, F extends Record<string, string>, P extends QueuePage<T>>({
  resource,
}: QueueProps<T, F, P>) {
  const [params, setParams] = useSearchParams();
  const detail = resource.detail;
  const detailId = detail ? Number(params.get(detail.param)) : NaN;
  const showDetail = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(detail!.param);
      else next.set(detail!.param, String(id));
      return next;
    });
  if (detail && Number.isInteger(detailId) && detailId > 0)
    return <Fragment key={detailId}>{detail.render(detailId, () => showDetail(null))}</Fragment>;
  return <QueueList resource={resource} openDetail={(row) => showDetail(row.id)} />;
}

/** The header, filters kept in the URL, the open panel, status lines, rows with their actions, pager and any confirmation. */
function QueueList<T extends { id: number }, F extends Record<string, string>, P extends QueuePage<T>>({
  resource,
  openDetail,
}: QueueProps<T, F, P> & { openDetail: (row: T) => void }) {
  const list = useQueueFilters(resource.filters);
  const { data, isLoading, isFetching, isError } = resource.useList({ ...list.filters, page: list.page });
  const confirmation = useConfirmation();
  const [panelRow, setPanelRow] = useState<T | null>(null);
  const kit: QueueRowKit<T> = { confirm: confirmation.ask, openDetail, openPanel: setPanelRow };
  const rowActions: (row: T) => ReactNode = (resource.useRowActions ?? noRowActions)(kit);
  const { texts } = resource;

  return (
    <div className="admin-page">
      <PageHeader title={resource.title}>{resource.header?.(data)}</PageHeader>
      {resource.filters && (
        <FilterBar
          filters={list.declarations}
          search={resource.filters.search}
          values={list.filters}
          onChange={(name, value) => list.setFilter(name as keyof F & string, value as F[keyof F & string])}
        />
      )}
      {resource.aboveList}
      {panelRow && resource.panel && <Fragment key={panelRow.id}>{resource.panel(panelRow, () => setPanelRow(null))}</Fragment>}
      <StatusTable
        query={{ isLoading, isError, isFetching }}
        rows={data?.data}
        texts={texts}
        columns={resource.columns}
        actions={resource.useRowActions && rowActions}
        rowProps={resource.rowProps}
      />
      {data && <Pager label={resource.pagerLabel} page={list.page} lastPage={data.pagination.last_page} onPage={list.setPage} />}
      {confirmation.dialog}
    </div>
  );
}

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
