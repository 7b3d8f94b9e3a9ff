import type { AchievementInput, AdminAchievement } from '@kickback/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatNumber } from '../../lib/format';
import { useAdminAction, useAdminCrud } from '../kit/use-admin-crud';
import {
  useCreateAchievementMutation,
  useDeleteAchievementMutation,
  useGetAdminAchievementsQuery,
  useUpdateAchievementMutation,
} from './admin-progression-api';
import { AchievementForm } from './achievement-form';
import { ruleLabel } from './rule-fields';
import { RowActions } from '../kit/row-actions';

const inputOf = (item: AdminAchievement, active: boolean): AchievementInput => ({
  name: item.name,
  icon: item.icon,
  description: item.description,
  category: item.category,
  rule: item.rule,
  active,
});

/**
 * The achievements catalogue: what members can unlock and the rule that unlocks it. Archiving hides one from
 * profiles and stops new unlocks while members keep theirs; deleting removes it and every unlock.
 */
export default function AchievementsAdminPage() {
  const { data: achievements = [], isLoading, isError } = useGetAdminAchievementsQuery();
  const [create, createState] = useCreateAchievementMutation();
  const [update, updateState] = useUpdateAchievementMutation();
  const [remove, removeState] = useDeleteAchievementMutation();
  const act = useAdminAction();
  const crud = useAdminCrud<AdminAchievement, AchievementInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'updated', removed: 'deleted', saveFailed: 'Failed to save achievement', removeFailed: 'Failed to delete achievement' },
  });
  const setActive = (item: AdminAchievement, active: boolean) =>
    act(
      () => update({ id: item.id, input: inputOf(item, active) }).unwrap(),
      `${item.name} ${active ? 'restored' : 'archived'}`,
      active ? 'Failed to restore achievement' : 'Failed to archive achievement',
    );

  return (
    <div className="admin-page">
      <PageHeader
        title="Achievements"
        addLabel={crud.form.editing === null ? 'Add Achievement' : undefined}
        onAdd={() => crud.form.open({ mode: 'create' })}
      />
      {crud.form.editing && (
        <AchievementForm
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
        isEmpty={!isLoading && !isError && achievements.length === 0}
        loadingText="Loading achievements..."
        errorText="Failed to load achievements."
        emptyText="No achievements yet. Add one to give members something to unlock."
      />
      {achievements.length > 0 && (
        <DataTable caption="Achievements catalogue" columns={['Achievement', 'Category', 'Rule', 'Unlocked by', 'Status']} actions>
          {achievements.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <span aria-hidden="true">{item.icon || '🏆'}</span> {item.name}
                {item.description && <div className="field-hint">{item.description}</div>}
              </th>
              <td>{item.category}</td>
              <td>{ruleLabel(item.rule)}</td>
              <td>{formatNumber(item.unlocked_count)}</td>
              <td>{item.active ? 'Active' : 'Archived'}</td>
              <RowActions name={item.name} onEdit={() => crud.form.open({ mode: 'edit', item })} onDelete={() => crud.askDelete(item)}>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`${item.active ? 'Archive' : 'Restore'} ${item.name}`}
                  disabled={updateState.isLoading}
                  onClick={() => void setActive(item, !item.active)}
                >
                  {item.active ? 'Archive' : 'Restore'}
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {crud.deleting && (
        <ConfirmDialog
          title="Delete achievement?"
          message={`${crud.deleting.name} and every member's unlock of it will be removed. Archive it instead to keep the unlocks.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={crud.confirmDelete}
          onCancel={crud.cancelDelete}
        />
      )}
    </div>
  );
}
