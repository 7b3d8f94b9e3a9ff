import { useState } from 'react';
import type { AdminStoreItem, StoreItemInput } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatAmount, formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import {
  useCreateStoreItemMutation,
  useDeleteStoreItemMutation,
  useGetAdminStoreItemsQuery,
  useUpdateStoreItemMutation,
} from '../api/store-admin-api';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminQueryStatus } from '../components/admin-query-status';
import { AdminTable } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StoreCodesPanel } from '../components/store-codes-panel';
import { StoreItemForm } from '../components/store-item-form';
import { useEditingState } from '../components/use-editing-state';

const stock = (item: AdminStoreItem) => (item.quantity === null ? 'Unlimited' : formatNumber(item.quantity));

export default function StoreItemsPage() {
  const { data: items = [], isLoading, isError } = useGetAdminStoreItemsQuery();
  const [create, createState] = useCreateStoreItemMutation();
  const [update, updateState] = useUpdateStoreItemMutation();
  const [remove, removeState] = useDeleteStoreItemMutation();
  const toast = useToast();
  const form = useEditingState<AdminStoreItem>();
  const [deleting, setDeleting] = useState<AdminStoreItem | null>(null);
  const [codesFor, setCodesFor] = useState<number | null>(null);
  const codesItem = items.find((i) => i.id === codesFor) ?? null;

  const save = async (input: StoreItemInput) => {
    try {
      if (form.editingItem) {
        await update({ id: form.editingItem.id, changes: input }).unwrap();
        toast.success(`${input.name} saved`);
      } else {
        await create(input).unwrap();
        toast.success(`${input.name} created`);
      }
      form.close();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, 'Failed to save item'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(`${deleting.name} removed`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove item'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="admin-page">
      <AdminPageHeader
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

      <AdminQueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && items.length === 0}
        loadingText="Loading items..."
        errorText="Failed to load store items."
        emptyText="No items yet. Add the first one above."
      />

      {items.length > 0 && (
        <AdminTable caption="Store items" columns={['Item', 'Cost', 'Stock', 'Limit', 'Delivery', 'Value', 'Sold', 'Status']} actions>
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
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Edit ${item.name}`}
                    onClick={() => form.open({ mode: 'edit', item })}
                  >
                    Edit
                  </button>
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
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => setDeleting(item)}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
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
