import { useState } from 'react';
import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import {
  useCreateAffiliateMutation,
  useDeleteAffiliateMutation,
  useGetAdminAffiliatesQuery,
  useReorderAffiliatesMutation,
  useUpdateAffiliateMutation,
} from '../api/admin-affiliates-api';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminQueryStatus } from '../components/admin-query-status';
import { AdminTable } from '../components/admin-table';
import { AffiliateForm } from '../components/affiliate-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useEditingState } from '../components/use-editing-state';

/** Ids with the row at `index` swapped with its neighbour in `direction`. */
export function moveId(list: AdminAffiliate[], index: number, direction: -1 | 1): number[] {
  const ids = list.map((affiliate) => affiliate.id);
  const target = index + direction;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

export default function AffiliatesPage() {
  const { data: affiliates = [], isLoading, isError } = useGetAdminAffiliatesQuery();
  const [create, createState] = useCreateAffiliateMutation();
  const [update, updateState] = useUpdateAffiliateMutation();
  const [remove, removeState] = useDeleteAffiliateMutation();
  const [reorder, reorderState] = useReorderAffiliatesMutation();
  const toast = useToast();
  const form = useEditingState<AdminAffiliate>();
  const [deleting, setDeleting] = useState<AdminAffiliate | null>(null);

  const save = async (input: AffiliateInput) => {
    try {
      if (form.editingItem) {
        await update({ id: form.editingItem.id, changes: input }).unwrap();
        toast.success(`${input.name} updated`);
      } else {
        await create(input).unwrap();
        toast.success(`${input.name} created`);
      }
      form.close();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, 'Failed to save affiliate'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(`${deleting.name} deleted`);
      if (form.editingItem?.id === deleting.id) form.close();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete affiliate'));
    } finally {
      setDeleting(null);
    }
  };

  const move = async (index: number, direction: -1 | 1) => {
    try {
      await reorder(moveId(affiliates, index, direction)).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder affiliates'));
    }
  };

  return (
    <div className="admin-page">
      <AdminPageHeader
        title="Affiliates"
        addLabel={form.editing === null ? 'Add Affiliate' : undefined}
        onAdd={() => form.open({ mode: 'create' })}
      />

      {form.editing && (
        <AffiliateForm
          key={form.formKey}
          initial={form.editingItem}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={form.serverErrors}
          onSubmit={save}
          onCancel={form.close}
        />
      )}

      <AdminQueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && affiliates.length === 0}
        loadingText="Loading affiliates..."
        errorText="Failed to load affiliates."
        emptyText="No affiliates yet. Add the first partner above."
      />

      {affiliates.length > 0 && (
        <AdminTable caption="Affiliates in home page order" columns={['Order', 'Logo', 'Name', 'Code', 'Status']} actions>
          {affiliates.map((affiliate, index) => (
            <tr key={affiliate.id}>
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => move(index, -1)}
                    disabled={index === 0 || reorderState.isLoading}
                    aria-label={`Move ${affiliate.name} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => move(index, 1)}
                    disabled={index === affiliates.length - 1 || reorderState.isLoading}
                    aria-label={`Move ${affiliate.name} down`}
                  >
                    ↓
                  </button>
                </div>
              </td>
              <td>
                {affiliate.logo_url ? <img className="admin-table__logo" src={affiliate.logo_url} alt={`${affiliate.name} logo`} /> : '—'}
              </td>
              <th scope="row">{affiliate.name}</th>
              <td>
                <code>{affiliate.code}</code>
              </td>
              <td>{affiliate.is_active ? 'Active' : 'Hidden'}</td>
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => form.open({ mode: 'edit', item: affiliate })}
                    aria-label={`Edit ${affiliate.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => setDeleting(affiliate)}
                    aria-label={`Delete ${affiliate.name}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete affiliate?"
          message={`${deleting.name} and its code will be removed from the site. This cannot be undone.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
