import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TICKET_MESSAGES } from '@kickback/contracts';
import { AuthRequired } from '../../../components/ui/auth-required';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorStatus } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { PriorityBadge } from '../components/priority-badge';
import { ReplyForm } from '../components/reply-form';
import { TicketMessage } from '../../../components/ui/ticket-message';
import { STATUS_ICONS } from '../ticket-labels';
import { useGetTicketQuery } from '../tickets-api';
import '../tickets.css';

function NotFound() {
  return (
    <section className="page container">
      <EmptyState level={1} title="Ticket Not Found">
        <Link to="/tickets" className="button button--primary">
          Back to Tickets
        </Link>
      </EmptyState>
    </section>
  );
}

function TicketDetail({ id, username }: { id: number; username: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const { data, isLoading, error } = useGetTicketQuery(id);
  const status = error ? errorStatus(error) : null;

  useEffect(() => {
    if (!error) return;
    if (status === 404) {
      toast.error(TICKET_MESSAGES.notFound);
      navigate('/tickets', { replace: true });
    } else toast.error(TICKET_MESSAGES.loadOneFailed);
  }, [error, status, toast, navigate]);

  if (isLoading)
    return (
      <section className="page container">
        <p className="ticket-muted" role="status">
          Loading ticket...
        </p>
      </section>
    );
  if (!data) return <NotFound />;
  const { ticket, replies } = data;
  return (
    <section className="page container ticket-detail">
      <Link to="/tickets">← Back to Tickets</Link>
      <header className="card ticket-detail__header">
        <div className="ticket-card__head">
          <span className={`ticket-status ticket-status--${ticket.status}`}>
            <span aria-hidden="true">{STATUS_ICONS[ticket.status]}</span> {ticket.status_label}
          </span>
          <PriorityBadge priority={ticket.priority} label={ticket.priority_label} />
        </div>
        <h1 className="page-title">{ticket.title}</h1>
        <div className="ticket-meta">
          <span>#{ticket.id}</span>
          <span>{ticket.category}</span>
          <span>Created {formatDateTime(ticket.created_at)}</span>
        </div>
      </header>
      <div className="ticket-conversation">
        <TicketMessage author="You" message={ticket.description} createdAt={ticket.created_at} images={ticket.images} />
        {replies.map((reply) => (
          <TicketMessage
            key={reply.id}
            author={reply.is_admin ? 'Support Team' : reply.user.username === username ? 'You' : reply.user.username}
            staff={reply.is_admin}
            message={reply.message}
            createdAt={reply.created_at}
            images={reply.images}
          />
        ))}
      </div>
      {ticket.status === 'closed' ? (
        <p className="card ticket-closed" role="status">
          <strong>Ticket Closed:</strong> This ticket has been closed and no longer accepts replies.
        </p>
      ) : (
        <ReplyForm ticketId={ticket.id} />
      )}
    </section>
  );
}

export default function TicketDetailPage() {
  const user = useCurrentUser();
  const { id } = useParams();
  const ticketId = Number(id);
  if (!user) return <AuthRequired message="Please log in to view your support tickets." />;
  if (!Number.isInteger(ticketId) || ticketId <= 0) return <NotFound />;
  return <TicketDetail id={ticketId} username={user.username} />;
}
