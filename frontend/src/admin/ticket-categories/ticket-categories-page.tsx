import { useState } from 'react';
import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminQueryStatus } from '../components/admin-query-status';
import { AdminTable } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useEditingState } from '../components/use-editing-state';
import {
  useArchiveTicketCategoryMutation,
  useCreateTicketCategoryMutation,
  useGetAdminTicketCategoriesQuery,
  useUpdateTicketCategoryMutation,
} from './admin-ticket-categories-api';
import { TicketCategoryForm } from './ticket-category-form';

/** The categories members file support tickets under: list, create, edit, and archive (never delete one in use). */
export default function TicketCategoriesPage() {
  const { data: categories = [], isLoading, isError } = useGetAdminTicketCategoriesQuery();
  const [create, createState] = useCreateTicketCategoryMutation();
  const [update, updateState] = useUpdateTicketCategoryMutation();
  const [archive, archiveState] = useArchiveTicketCategoryMutation();
  const toast = useToast();
  const form = useEditingState<AdminTicketCategory>();
  const [archiving, setArchiving] = useState<AdminTicketCategory | null>(null);

  const save = async (input: TicketCategoryInput) => {
    try {
      if (form.editingItem) {
        await update({ id: form.editingItem.id, input }).unwrap();
        toast.success(`${input.name} updated`);
      } else {
        await create(input).unwrap();
        toast.success(`${input.name} created`);
      }
      form.close();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, 'Failed to save category'));
    }
  };

  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      toast.success(await archive(archiving.id).unwrap());
      if (form.editingItem?.id === archiving.id) form.close();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to archive category'));
    } finally {
      setArchiving(null);
    }
  };

  const nextPosition = categories.reduce((max, c) => Math.max(max, c.position), 0) + 1;
  return (
    <div className="admin-page">
      <AdminPageHeader
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

      <AdminQueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && categories.length === 0}
        loadingText="Loading categories..."
        errorText="Failed to load categories."
        emptyText="No categories yet. Members need at least one to open a ticket."
      />

      {categories.length > 0 && (
        <AdminTable caption="Ticket categories in the members' order" columns={['Order', 'Name', 'Description', 'Status']} actions>
          {categories.map((category) => (
            <tr key={category.id}>
              <td>{category.position}</td>
              <th scope="row">{category.name}</th>
              <td>{category.description || '—'}</td>
              <td>{category.active ? 'Active' : 'Archived'}</td>
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => form.open({ mode: 'edit', item: category })}
                    aria-label={`Edit ${category.name}`}
                  >
                    Edit
                  </button>
                  {category.active && (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      onClick={() => setArchiving(category)}
                      aria-label={`Archive ${category.name}`}
                    >
                      Archive
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      {archiving && (
        <ConfirmDialog
          title="Archive category?"
          message={`Members can no longer choose ${archiving.name}. If tickets use it, it is kept (inactive) with them; if none do, it is removed.`}
          confirmLabel="Archive"
          busy={archiveState.isLoading}
          onConfirm={confirmArchive}
          onCancel={() => setArchiving(null)}
        />
      )}
    </div>
  );
}
