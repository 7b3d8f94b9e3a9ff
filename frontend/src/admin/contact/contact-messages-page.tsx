import { useEffect } from 'react';
import {
  CONTACT_NOTIFICATION_PREFIX,
  type AdminContactMessage,
  type AdminContactMessageList,
  type AdminContactMessagesQuery,
  type ContactStatus,
} from '@kickback/contracts';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../lib/format';
import { onServerEvent } from '../../lib/socket';
import { useToast } from '../../lib/use-toast';
import { QueueScreen } from '../kit/queue-page';
import { type QueueResource, listTexts } from '../kit/resource';
import { useAdminAction } from '../kit/use-admin-crud';
import { useGetContactMessagesQuery, useSetContactMessageStatusMutation } from './admin-contact-api';
import './contact-messages-page.css';
import { optionsOf } from '../kit/filter-bar';
import { SmallButton } from '../kit/rows';

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

function useMessageActions() {
  const [setStatus, state] = useSetContactMessageStatusMutation();
  const act = useAdminAction();
  return (message: AdminContactMessage) => (
    <div className="admin-row-actions contact-messages__actions">
      {ACTIONS[message.status].map((action) => (
        <SmallButton
          key={action.to}
          tone={action.to === 'read' && message.status === 'new' ? 'primary' : 'ghost'}
          disabled={state.isLoading}
          label={`${action.label}: message ${message.id}`}
          onClick={() =>
            void act(
              () => setStatus({ id: message.id, changes: { status: action.to } }).unwrap(),
              `Message #${message.id} marked as ${STATUS_LABEL[action.to].toLowerCase()}`,
              'Failed to update message',
            )
          }
        >
          {action.label}
        </SmallButton>
      ))}
    </div>
  );
}

/** The contact form inbox, newest first; new messages arrive live from the admin room. */
const contactMessages: QueueResource<AdminContactMessage, { status: AdminContactMessagesQuery['status'] }, AdminContactMessageList> = {
  title: 'Messages',
  header: (page) => page && <p className="field-hint">{formatNumber(page.new_total)} new</p>,
  filters: {
    defaults: { status: 'all' },
    declarations: [
      {
        name: 'status',
        label: 'Show',
        id: 'contact-message-status',
        options: optionsOf({ all: 'All', new: 'New', read: 'Read', archived: 'Archived' }),
      },
    ],
  },
  useList: (query) => useGetContactMessagesQuery(query),
  texts: listTexts('messages', 'No messages here.', 'Contact messages, newest first'),
  pagerLabel: 'Message pages',
  columns: [
    {
      header: 'From',
      rowHeader: true,
      cell: (m) => (
        <>
          {m.name}
          <div>
            <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
          </div>
          {m.user && <div className="field-hint">Member: {m.user.username}</div>}
        </>
      ),
    },
    {
      header: 'Message',
      cell: (m) => (
        <>
          <strong>{m.subject}</strong>
          <p className="contact-messages__body">{m.message}</p>
        </>
      ),
    },
    {
      header: 'When',
      cell: (m) => (
        <time dateTime={m.created_at} title={formatDateTime(m.created_at)}>
          {formatRelativeTime(m.created_at)}
        </time>
      ),
    },
    { header: 'Status', cell: (m) => STATUS_LABEL[m.status] },
  ],
  rowProps: (m) => ({ 'data-testid': `contact-message-${m.id}`, className: m.status === 'new' ? 'contact-messages__new' : undefined }),
  useRowActions: useMessageActions,
};

export default function ContactMessagesPage() {
  const toast = useToast();
  // The admin app has no global notification toasts; this page shows the contact ones.
  useEffect(
    () =>
      onServerEvent('user:notification', (push) => {
        if (push.message.startsWith(CONTACT_NOTIFICATION_PREFIX)) toast.info(push.message);
      }),
    [toast],
  );
  return <QueueScreen resource={contactMessages} />;
}
