import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import {
  useCreateAffiliateMutation,
  useDeleteAffiliateMutation,
  useGetAdminAffiliatesQuery,
  useReorderAffiliatesMutation,
  useUpdateAffiliateMutation,
} from './admin-affiliates-api';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { AffiliateForm } from './affiliate-form';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAdminCrud } from '../kit/use-admin-crud';
import { RowActions } from '../kit/row-actions';

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
  const {
    form,
    save,
    deleting,
    askDelete: setDeleting,
    confirmDelete,
  } = useAdminCrud<AdminAffiliate, AffiliateInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, changes: input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'updated', removed: 'deleted', saveFailed: 'Failed to save affiliate', removeFailed: 'Failed to delete affiliate' },
  });

  const move = async (index: number, direction: -1 | 1) => {
    try {
      await reorder(moveId(affiliates, index, direction)).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder affiliates'));
    }
  };

  return (
    <div className="admin-page">
      <PageHeader
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

      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && affiliates.length === 0}
        loadingText="Loading affiliates..."
        errorText="Failed to load affiliates."
        emptyText="No affiliates yet. Add the first partner above."
      />

      {affiliates.length > 0 && (
        <DataTable caption="Affiliates in home page order" columns={['Order', 'Logo', 'Name', 'Code', 'Status']} actions>
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
              <RowActions
                name={affiliate.name}
                onEdit={() => form.open({ mode: 'edit', item: affiliate })}
                onDelete={() => setDeleting(affiliate)}
              />
            </tr>
          ))}
        </DataTable>
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
