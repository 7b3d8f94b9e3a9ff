import { useEffect, useState } from 'react';
import {
  CONTACT_NOTIFICATION_PREFIX,
  type AdminContactMessage,
  type AdminContactMessagesQuery,
  type ContactStatus,
} from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../lib/format';
import { onServerEvent } from '../../lib/socket';
import { useToast } from '../../lib/use-toast';
import { useGetContactMessagesQuery, useSetContactMessageStatusMutation } from '../api/contact-messages-api';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminPager } from '../components/admin-pager';
import { AdminQueryStatus } from '../components/admin-query-status';
import { AdminTable } from '../components/admin-table';
import { SelectField } from '../components/select-field';
import './contact-messages-page.css';

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

  const change = async (message: AdminContactMessage, to: ContactStatus) => {
    try {
      await setMessageStatus({ id: message.id, status: to }).unwrap();
      toast.success(`Message #${message.id} marked as ${STATUS_LABEL[to].toLowerCase()}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update message'));
    }
  };

  return (
    <div className="admin-page">
      <AdminPageHeader title="Messages">{data && <p className="field-hint">{formatNumber(data.new_total)} new</p>}</AdminPageHeader>
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
      <AdminQueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText="Loading messages..."
        errorText="Failed to load messages."
        emptyText="No messages here."
      />
      {data && data.data.length > 0 && (
        <AdminTable caption="Contact messages, newest first" columns={['From', 'Message', 'When', 'Status']} actions>
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
        </AdminTable>
      )}
      {data && <AdminPager label="Message pages" page={page} pagination={data.pagination} onPage={setPage} />}
    </div>
  );
}
