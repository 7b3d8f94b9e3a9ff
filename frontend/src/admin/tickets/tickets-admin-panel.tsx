import {
  TICKET_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type AdminTicketUpdate,
} from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { TicketMessage } from '../../components/ui/ticket-message';
import { useGetAdminTicketQuery, useStaffReplyMutation, useUpdateAdminTicketMutation } from './admin-tickets-api';
import { QueryStatus } from '../../components/ui/query-status';
import { SelectField } from '../../components/ui/select-field';
import { SmallButton } from '../kit/rows';
import { TicketReplyForm } from '../../components/ui/ticket-reply-form';

/** One ticket for staff: the conversation, status/priority (audited on the server) and a staff reply. */
export function TicketAdminPanel({ id, onBack }: { id: number; onBack: () => void }) {
  const toast = useToast();
  const { data, isLoading, isError } = useGetAdminTicketQuery(id);
  const [reply, replyState] = useStaffReplyMutation();
  const [update, updateState] = useUpdateAdminTicketMutation();

  const change = async (body: AdminTicketUpdate) => {
    try {
      await update({ id, ...body }).unwrap();
      toast.success(`Ticket #${id} updated`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update ticket'));
    }
  };

  return (
    <div className="admin-page">
      <SmallButton onClick={onBack}>← All tickets</SmallButton>
      <QueryStatus isLoading={isLoading} isError={isError} loadingText="Loading ticket..." errorText="Failed to load ticket." />
      {data && (
        <>
          <header className="admin-page__header">
            <h1>
              #{data.ticket.id} {data.ticket.title}
            </h1>
            <p className="field-hint">
              {data.ticket.user.username} · {data.ticket.category} · opened {formatDateTime(data.ticket.created_at)}
            </p>
          </header>
          <div className="admin-filter-bar">
            <SelectField
              id="ticket-admin-status"
              label="Status"
              value={data.ticket.status}
              onChange={(v) => void change({ status: v as AdminTicketUpdate['status'] })}
            >
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TICKET_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="ticket-admin-priority"
              label="Priority"
              value={data.ticket.priority}
              onChange={(v) => void change({ priority: v as AdminTicketUpdate['priority'] })}
            >
              {TICKET_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {TICKET_PRIORITY_LABELS[p]}
                </option>
              ))}
            </SelectField>
            {updateState.isLoading && <p role="status">Saving...</p>}
          </div>
          <div className="ticket-conversation">
            <TicketMessage
              author={data.ticket.user.username}
              message={data.ticket.description}
              createdAt={data.ticket.created_at}
              images={data.ticket.images}
            />
            {data.replies.map((r) => (
              <TicketMessage
                key={r.id}
                author={r.is_admin ? `Support Team (${r.user.username})` : r.user.username}
                staff={r.is_admin}
                message={r.message}
                createdAt={r.created_at}
                images={r.images}
              />
            ))}
          </div>
          {data.ticket.status === 'closed' ? (
            <p className="card ticket-closed">{TICKET_MESSAGES.closed} Reopen it to reply.</p>
          ) : (
            <TicketReplyForm
              name="Staff reply"
              label="Reply as Support Team"
              className="card"
              send={async (draft) => {
                await reply({ id, ...draft }).unwrap();
                return {};
              }}
              sending={replyState.isLoading}
            />
          )}
        </>
      )}
    </div>
  );
}
