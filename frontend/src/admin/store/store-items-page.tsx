import { useState } from 'react';
import type { AdminStoreItem, StoreItemInput } from '@kickback/contracts';
import { formatAmount, formatNumber } from '../../lib/format';
import {
  useCreateStoreItemMutation,
  useDeleteStoreItemMutation,
  useGetAdminStoreItemsQuery,
  useUpdateStoreItemMutation,
} from './admin-store-api';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { StoreCodesPanel } from './store-codes-panel';
import { StoreItemForm } from './store-item-form';
import { useAdminCrud } from '../kit/use-admin-crud';
import { RowActions } from '../kit/row-actions';

const stock = (item: AdminStoreItem) => (item.quantity === null ? 'Unlimited' : formatNumber(item.quantity));

export default function StoreItemsPage() {
  const { data: items = [], isLoading, isError } = useGetAdminStoreItemsQuery();
  const [create, createState] = useCreateStoreItemMutation();
  const [update, updateState] = useUpdateStoreItemMutation();
  const [remove, removeState] = useDeleteStoreItemMutation();
  const {
    form,
    save,
    deleting,
    askDelete: setDeleting,
    confirmDelete,
  } = useAdminCrud<AdminStoreItem, StoreItemInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, changes: input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'saved', removed: 'removed', saveFailed: 'Failed to save item', removeFailed: 'Failed to remove item' },
  });
  const [codesFor, setCodesFor] = useState<number | null>(null);
  const codesItem = items.find((i) => i.id === codesFor) ?? null;

  return (
    <div className="admin-page">
      <PageHeader
        title="Store Items"
        addLabel={form.editing === null ? 'Add Item' : undefined}
        onAdd={() => form.open({ mode: 'create' })}
      />

      {form.editing && (
        <StoreItemForm
          key={form.formKey}
          initial={form.editingItem}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={form.serverErrors}
          onSubmit={(input) => void save(input)}
          onCancel={form.close}
        />
      )}
      {codesItem && <StoreCodesPanel item={codesItem} onClose={() => setCodesFor(null)} />}

      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && items.length === 0}
        loadingText="Loading items..."
        errorText="Failed to load store items."
        emptyText="No items yet. Add the first one above."
      />

      {items.length > 0 && (
        <DataTable caption="Store items" columns={['Item', 'Cost', 'Stock', 'Limit', 'Delivery', 'Value', 'Sold', 'Status']} actions>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.name}
                <div className="field-hint">{item.category}</div>
              </th>
              <td>{formatNumber(item.cost)}</td>
              <td>{stock(item)}</td>
              <td>{item.max_purchases_per_user === null ? 'None' : `${formatNumber(item.max_purchases_per_user)} per user`}</td>
              <td>
                {item.fulfilment === 'code' ? (
                  <span className={item.codes_available === 0 ? 'field-error' : undefined}>
                    Code ({formatNumber(item.codes_available)} left)
                  </span>
                ) : (
                  'Manual'
                )}
              </td>
              <td>{formatAmount(item.value_usd)}</td>
              <td>
                {formatNumber(item.redemptions_count)}
                {item.pending_count > 0 && <div className="field-hint">{formatNumber(item.pending_count)} pending</div>}
              </td>
              <td>{item.is_active ? 'Active' : 'Hidden'}</td>
              <RowActions
                name={item.name}
                onEdit={() => form.open({ mode: 'edit', item })}
                onDelete={() => setDeleting(item)}
                deleteLabel="Remove"
              >
                {item.fulfilment === 'code' && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Codes for ${item.name}`}
                    onClick={() => setCodesFor(item.id)}
                  >
                    Codes
                  </button>
                )}
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}

      {deleting && (
        <ConfirmDialog
          title="Remove item?"
          message={
            deleting.redemptions_count > 0
              ? `${deleting.name} has redemptions, so it is archived: hidden from the store, kept in members' histories.`
              : `${deleting.name} will be deleted. This cannot be undone.`
          }
          confirmLabel="Remove"
          busy={removeState.isLoading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
