import type { AdminBadge, BadgeInput } from '@kickback/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatNumber } from '../../lib/format';
import { useAdminCrud } from '../kit/use-admin-crud';
import { useCreateBadgeMutation, useDeleteBadgeMutation, useGetAdminBadgesQuery, useUpdateBadgeMutation } from './admin-progression-api';
import { BadgeForm } from './badge-form';
import { ruleLabel } from './rule-fields';
import { RowActions } from '../kit/row-actions';

/** The badges catalogue: badges with a rule are granted by the worker, the others by admins on a member's page. */
export default function BadgesAdminPage() {
  const { data: badges = [], isLoading, isError } = useGetAdminBadgesQuery();
  const [create, createState] = useCreateBadgeMutation();
  const [update, updateState] = useUpdateBadgeMutation();
  const [remove, removeState] = useDeleteBadgeMutation();
  const crud = useAdminCrud<AdminBadge, BadgeInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'updated', removed: 'deleted', saveFailed: 'Failed to save badge', removeFailed: 'Failed to delete badge' },
  });

  return (
    <div className="admin-page">
      <PageHeader
        title="Badges"
        addLabel={crud.form.editing === null ? 'Add Badge' : undefined}
        onAdd={() => crud.form.open({ mode: 'create' })}
      />
      {crud.form.editing && (
        <BadgeForm
          key={crud.form.formKey}
          initial={crud.form.editingItem}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={crud.form.serverErrors}
          onSubmit={crud.save}
          onCancel={crud.form.close}
        />
      )}
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && badges.length === 0}
        loadingText="Loading badges..."
        errorText="Failed to load badges."
        emptyText="No badges yet."
      />
      {badges.length > 0 && (
        <DataTable caption="Badges catalogue" columns={['Badge', 'Granted', 'Holders']} actions>
          {badges.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <span aria-hidden="true">{item.icon || '🏅'}</span> {item.name}
                {item.description && <div className="field-hint">{item.description}</div>}
              </th>
              <td>{ruleLabel(item.rule)}</td>
              <td>{formatNumber(item.holders_count)}</td>
              <RowActions name={item.name} onEdit={() => crud.form.open({ mode: 'edit', item })} onDelete={() => crud.askDelete(item)} />
            </tr>
          ))}
        </DataTable>
      )}
      {crud.deleting && (
        <ConfirmDialog
          title="Delete badge?"
          message={`${crud.deleting.name} will be removed from the catalogue and from the ${formatNumber(crud.deleting.holders_count)} members who hold it.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={crud.confirmDelete}
          onCancel={crud.cancelDelete}
        />
      )}
    </div>
  );
}
