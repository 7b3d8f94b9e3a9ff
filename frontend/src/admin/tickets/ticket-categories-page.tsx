import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAdminCrud } from '../kit/use-admin-crud';
import {
  useArchiveTicketCategoryMutation,
  useCreateTicketCategoryMutation,
  useGetAdminTicketCategoriesQuery,
  useUpdateTicketCategoryMutation,
} from './admin-ticket-categories-api';
import { TicketCategoryForm } from './ticket-category-form';
import { RowActions } from '../kit/row-actions';

/** The categories members file support tickets under: list, create, edit, and archive (never delete one in use). */
export default function TicketCategoriesPage() {
  const { data: categories = [], isLoading, isError } = useGetAdminTicketCategoriesQuery();
  const [create, createState] = useCreateTicketCategoryMutation();
  const [update, updateState] = useUpdateTicketCategoryMutation();
  const [archive, archiveState] = useArchiveTicketCategoryMutation();
  const {
    form,
    save,
    deleting: archiving,
    askDelete: setArchiving,
    cancelDelete,
    confirmDelete: confirmArchive,
  } = useAdminCrud<AdminTicketCategory, TicketCategoryInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, input }).unwrap(),
    // Answers "deleted" or "in use and deactivated": that message is the toast.
    remove: (item) => archive(item.id).unwrap(),
    texts: { saved: 'updated', removed: 'archived', saveFailed: 'Failed to save category', removeFailed: 'Failed to archive category' },
  });

  const nextPosition = categories.reduce((max, c) => Math.max(max, c.position), 0) + 1;
  return (
    <div className="admin-page">
      <PageHeader
        title="Ticket Categories"
        addLabel={form.editing === null ? 'Add Category' : undefined}
        onAdd={() => form.open({ mode: 'create' })}
      />

      {form.editing && (
        <TicketCategoryForm
          key={form.formKey}
          initial={form.editingItem}
          nextPosition={nextPosition}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={form.serverErrors}
          onSubmit={save}
          onCancel={form.close}
        />
      )}

      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && categories.length === 0}
        loadingText="Loading categories..."
        errorText="Failed to load categories."
        emptyText="No categories yet. Members need at least one to open a ticket."
      />

      {categories.length > 0 && (
        <DataTable caption="Ticket categories in the members' order" columns={['Order', 'Name', 'Description', 'Status']} actions>
          {categories.map((category) => (
            <tr key={category.id}>
              <td>{category.position}</td>
              <th scope="row">{category.name}</th>
              <td>{category.description || '—'}</td>
              <td>{category.active ? 'Active' : 'Archived'}</td>
              <RowActions
                name={category.name}
                onEdit={() => form.open({ mode: 'edit', item: category })}
                onDelete={category.active ? () => setArchiving(category) : undefined}
                deleteLabel="Archive"
              />
            </tr>
          ))}
        </DataTable>
      )}

      {archiving && (
        <ConfirmDialog
          title="Archive category?"
          message={`Members can no longer choose ${archiving.name}. If tickets use it, it is kept (inactive) with them; if none do, it is removed.`}
          confirmLabel="Archive"
          busy={archiveState.isLoading}
          onConfirm={confirmArchive}
          onCancel={cancelDelete}
        />
      )}
    </div>
  );
}
