import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { ContractForm } from './contract-form';
import { RowActions, StatusTable } from './rows';
import type { CatalogueResource, DeclaredForm, RowKit } from './resource';
import { useAdminAction, useAdminCrud } from './use-admin-crud';

/** Draws a declared catalogue screen: header, contract form, status lines, table with row actions, delete confirmation. */
export function CataloguePage<T extends { id: number }, Input>({ resource }: { resource: CatalogueResource<T, Input> }) {
  const { endpoints, texts } = resource;
  // A record (or a new one's input) without a name of its own is named by the declaration.
  const nameOf = resource.name ?? ((row: T) => (row as unknown as { name: string }).name);
  const { data: rows = [], isLoading, isError } = endpoints.useList();
  const [create, createState] = endpoints.useCreate();
  const [update, updateState] = endpoints.useUpdate();
  const [remove, removeState] = endpoints.useRemove();
  const [panelFor, setPanelFor] = useState<number | null>(null);
  const act = useAdminAction();
  const crud = useAdminCrud<T, Input>({
    nameOf: (value) => nameOf(value as T),
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, changes: input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: resource.toasts,
    afterRemove: (item) => setPanelFor((open) => (open === item.id ? null : open)),
  });
  const kit: RowKit<T> = {
    act,
    change: (row, changes, success, failure) =>
      act(() => update({ id: row.id, changes: changes as Partial<Input> }).unwrap(), success, failure),
    busy: updateState.isLoading,
    openPanel: (row) => setPanelFor(row.id),
    panelOpen: (row) => panelFor === row.id,
    closePanel: () => setPanelFor(null),
  };
  const declared = resource.form;
  const formProps = {
    initial: crud.form.editingItem,
    saving: createState.isLoading || updateState.isLoading,
    serverErrors: crud.form.serverErrors,
    onSubmit: crud.save,
    onCancel: crud.form.close,
  };
  const removable = resource.remove;
  const panelRow = panelFor === null ? undefined : rows.find((row) => row.id === panelFor);
  const panel = panelRow && resource.panel?.(panelRow, () => setPanelFor(null));

  return (
    <div className="admin-page">
      <PageHeader
        title={resource.title}
        addLabel={crud.form.editing === null ? resource.addLabel : undefined}
        onAdd={() => crud.form.open({ mode: 'create' })}
      >
        {resource.header?.(rows)}
      </PageHeader>

      {crud.form.editing &&
        ('own' in declared ? (
          <Fragment key={crud.form.formKey}>{declared.own(formProps)}</Fragment>
        ) : (
          <ContractForm
            key={crud.form.formKey}
            {...contractOf(declared, crud.form.editingItem !== null)}
            texts={declared.texts}
            defaults={declared.defaults?.(rows)}
            {...formProps}
          />
        ))}
      {resource.panelAboveList && panel}

      <StatusTable
        query={{ isLoading, isError }}
        rows={rows}
        texts={texts}
        columns={resource.columns}
        actions={(row) => (
          <RowActions
            name={nameOf(row)}
            onEdit={() => crud.form.open({ mode: 'edit', item: row })}
            onDelete={removable && (removable.when?.(row) ?? true) ? () => crud.askDelete(row) : undefined}
            deleteLabel={removable?.label}
          >
            {resource.rowActions?.(row, kit)}
          </RowActions>
        )}
      />

      {!resource.panelAboveList && panel}
      {resource.footer}

      {crud.deleting && removable && (
        <ConfirmDialog
          title={removable.title}
          message={removable.message(crud.deleting)}
          confirmLabel={removable.label ?? 'Delete'}
          busy={removeState.isLoading}
          onConfirm={crud.confirmDelete}
          onCancel={crud.cancelDelete}
        />
      )}
    </div>
  );
}

/** The contract and layout a declared form validates with: the edit form's where it has its own. */
const contractOf = <T, Input>(form: DeclaredForm<T, Input>, editing: boolean) => {
  const { schema, layout } = (editing && form.edit) || form;
  return { schema, layout };
};
