import { useEffect, useState } from 'react';
import {
  CONTACT_NOTIFICATION_PREFIX,
  type AdminContactMessage,
  type AdminContactMessagesQuery,
  type ContactStatus,
} from '@kickback/contracts';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../lib/format';
import { onServerEvent } from '../../lib/socket';
import { useToast } from '../../lib/use-toast';
import { useGetContactMessagesQuery, useSetContactMessageStatusMutation } from './admin-contact-api';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import './contact-messages-page.css';
import { useAdminAction } from '../kit/use-admin-crud';

const FILTERS: { value: AdminContactMessagesQuery['status']; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
];

const STATUS_LABEL: Record<ContactStatus, string> = { new: 'New', read: 'Read', archived: 'Archived' };

/** What an admin may do with a message in each status: one label per target status. */
const ACTIONS: Record<ContactStatus, { to: ContactStatus; label: string }[]> = {
  new: [
    { to: 'read', label: 'Mark Read' },
    { to: 'archived', label: 'Archive' },
  ],
  read: [
    { to: 'new', label: 'Mark Unread' },
    { to: 'archived', label: 'Archive' },
  ],
  archived: [{ to: 'read', label: 'Restore' }],
};

/** The contact form inbox, newest first; new messages arrive live from the admin room. */
export default function ContactMessagesPage() {
  const [status, setStatus] = useState<AdminContactMessagesQuery['status']>('all');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetContactMessagesQuery({ status, page });
  const [setMessageStatus, statusState] = useSetContactMessageStatusMutation();
  const toast = useToast();

  // The admin app has no global notification toasts; this page shows the contact ones.
  useEffect(
    () =>
      onServerEvent('user:notification', (push) => {
        if (push.message.startsWith(CONTACT_NOTIFICATION_PREFIX)) toast.info(push.message);
      }),
    [toast],
  );

  const act = useAdminAction();
  const change = (message: AdminContactMessage, to: ContactStatus) =>
    act(
      () => setMessageStatus({ id: message.id, status: to }).unwrap(),
      `Message #${message.id} marked as ${STATUS_LABEL[to].toLowerCase()}`,
      'Failed to update message',
    );

  return (
    <div className="admin-page">
      <PageHeader title="Messages">{data && <p className="field-hint">{formatNumber(data.new_total)} new</p>}</PageHeader>
      <SelectField
        id="contact-message-status"
        label="Show"
        style={{ maxWidth: '18rem' }}
        value={status}
        onChange={(v) => {
          setStatus(v as AdminContactMessagesQuery['status']);
          setPage(1);
        }}
      >
        {FILTERS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </SelectField>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText="Loading messages..."
        errorText="Failed to load messages."
        emptyText="No messages here."
      />
      {data && data.data.length > 0 && (
        <DataTable caption="Contact messages, newest first" columns={['From', 'Message', 'When', 'Status']} actions>
          {data.data.map((m) => (
            <tr key={m.id} data-testid={`contact-message-${m.id}`} className={m.status === 'new' ? 'contact-messages__new' : undefined}>
              <th scope="row">
                {m.name}
                <div>
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                </div>
                {m.user && <div className="field-hint">Member: {m.user.username}</div>}
              </th>
              <td>
                <strong>{m.subject}</strong>
                <p className="contact-messages__body">{m.message}</p>
              </td>
              <td>
                <time dateTime={m.created_at} title={formatDateTime(m.created_at)}>
                  {formatRelativeTime(m.created_at)}
                </time>
              </td>
              <td>{STATUS_LABEL[m.status]}</td>
              <td>
                <div className="admin-row-actions contact-messages__actions">
                  {ACTIONS[m.status].map((action) => (
                    <button
                      key={action.to}
                      type="button"
                      className={`button button--small ${action.to === 'read' && m.status === 'new' ? 'button--primary' : 'button--ghost'}`}
                      disabled={statusState.isLoading}
                      aria-label={`${action.label}: message ${m.id}`}
                      onClick={() => void change(m, action.to)}
                    >
                      {action.label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label="Message pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
    </div>
  );
}
