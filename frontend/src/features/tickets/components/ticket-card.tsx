import { Link } from 'react-router-dom';
import type { Ticket } from '@kickback/contracts';
import { formatDate } from '../../../lib/format';
import { STATUS_ICONS } from '../ticket-labels';
import { PriorityBadge } from './priority-badge';

export function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <article className="card ticket-card" aria-labelledby={`ticket-${ticket.id}-title`}>
      <div className="ticket-card__head">
        <span className={`ticket-card__icon ticket-status--${ticket.status}`} role="img" aria-label={ticket.status_label}>
          {STATUS_ICONS[ticket.status]}
        </span>
        <h2 id={`ticket-${ticket.id}-title`} className="ticket-card__title">
          {ticket.title}
        </h2>
        <PriorityBadge priority={ticket.priority} label={ticket.priority_label} />
      </div>
      <p className="ticket-card__description">{ticket.description}</p>
      <div className="ticket-meta">
        <span>#{ticket.id}</span>
        <span>{ticket.category}</span>
        <span className={`ticket-status ticket-status--${ticket.status}`}>{ticket.status_label}</span>
        <span>
          {ticket.replies_count} {ticket.replies_count === 1 ? 'reply' : 'replies'}
        </span>
        <span>{formatDate(ticket.created_at)}</span>
        <Link to={`/tickets/${ticket.id}`} className="button button--small button--primary ticket-card__view">
          View
        </Link>
      </div>
    </article>
  );
}
