import { useState } from 'react';
import type { AnnouncementHook, AnnouncementHookCreate, AnnouncementHookUpdate } from '@kickback/contracts';
import { ANNOUNCEMENT_EVENT_LABELS } from '@kickback/contracts/api/announcements';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAdminAction, useAdminCrud } from '../kit/use-admin-crud';
import { RowActions } from '../kit/row-actions';
import {
  useCreateAnnouncementHookMutation,
  useDeleteAnnouncementHookMutation,
  useGetAnnouncementHooksQuery,
  useSendAnnouncementTestMutation,
  useUpdateAnnouncementHookMutation,
} from './admin-announcements-api';
import { AnnouncementHookForm } from './announcement-hook-form';
import { AnnouncementDeliveries } from './announcement-deliveries';
import { SigningSecret } from './signing-secret';

/** Announcements out: Discord channels and signed webhooks, the events each announces, tests and the delivery log. */
export default function AnnouncementsPage() {
  const { data: hooks = [], isLoading, isError } = useGetAnnouncementHooksQuery();
  const [create, createState] = useCreateAnnouncementHookMutation();
  const [update, updateState] = useUpdateAnnouncementHookMutation();
  const [remove, removeState] = useDeleteAnnouncementHookMutation();
  const [sendTest] = useSendAnnouncementTestMutation();
  const [openLogId, setOpenLogId] = useState<number | null>(null);
  const act = useAdminAction();
  const { form, save, deleting, askDelete, cancelDelete, confirmDelete } = useAdminCrud<
    AnnouncementHook,
    AnnouncementHookCreate | Required<AnnouncementHookUpdate>
  >({
    nameOf: (value) => value.name,
    create: (input) => create(input as AnnouncementHookCreate).unwrap(),
    update: (item, input) => update({ id: item.id, input: input as AnnouncementHookUpdate }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'saved', removed: 'deleted', saveFailed: 'Failed to save the hook', removeFailed: 'Failed to delete the hook' },
    afterRemove: (item) => setOpenLogId((open) => (open === item.id ? null : open)),
  });
  const openLog = hooks.find((h) => h.id === openLogId) ?? null;

  const test = (hook: AnnouncementHook) => {
    setOpenLogId(hook.id);
    void act(
      () => sendTest(hook.id).unwrap(),
      `Test sent to ${hook.name}; its result appears in the delivery log.`,
      'Failed to send the test',
    );
  };

  return (
    <div className="admin-page">
      <PageHeader
        title="Announcements"
        addLabel={form.editing === null ? 'Add Hook' : undefined}
        onAdd={() => form.open({ mode: 'create' })}
      >
        <p className="admin-status">
          Raffles, winners, hunt results, tournament winners and going live, posted to Discord and other tools.
        </p>
      </PageHeader>

      {form.editing && (
        <AnnouncementHookForm
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
        isEmpty={!isLoading && !isError && hooks.length === 0}
        loadingText="Loading hooks..."
        errorText="Failed to load the hooks."
        emptyText="No hooks yet. Add a Discord channel's webhook URL to announce there."
      />

      {hooks.length > 0 && (
        <DataTable caption="Announcement hooks" columns={['Name', 'Where', 'Events', 'Status']} actions>
          {hooks.map((hook) => (
            <tr key={hook.id}>
              <th scope="row">{hook.name}</th>
              <td>
                {hook.kind === 'discord' ? 'Discord' : 'Webhook'}
                <br />
                <small>{hook.url_display}</small>
              </td>
              <td>{hook.events.map((e) => ANNOUNCEMENT_EVENT_LABELS[e]).join(', ')}</td>
              <td>{hook.enabled ? 'On' : 'Off'}</td>
              <RowActions name={hook.name} onEdit={() => form.open({ mode: 'edit', item: hook })} onDelete={() => askDelete(hook)}>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Send test to ${hook.name}`}
                  onClick={() => test(hook)}
                >
                  Send test
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Delivery log of ${hook.name}`}
                  aria-pressed={openLogId === hook.id}
                  onClick={() => setOpenLogId(openLogId === hook.id ? null : hook.id)}
                >
                  Log
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}

      {openLog?.signing_secret_hint && <SigningSecret key={openLog.id} hook={openLog} />}
      {openLog && <AnnouncementDeliveries hook={openLog} />}

      {deleting && (
        <ConfirmDialog
          title="Delete hook?"
          message={`${deleting.name} stops receiving announcements and its delivery log is deleted.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={confirmDelete}
          onCancel={cancelDelete}
        />
      )}
    </div>
  );
}
