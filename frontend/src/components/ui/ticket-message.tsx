import type { TicketImage } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';
import { TicketThumbnails } from './ticket-thumbnails';
import './ticket-conversation.css';

interface TicketMessageProps {
  author: string;
  staff?: boolean;
  message: string;
  createdAt: string;
  images: TicketImage[];
}

/** One entry of the conversation: the original description or a reply. */
export function TicketMessage({ author, staff = false, message, createdAt, images }: TicketMessageProps) {
  return (
    <article className={`card ticket-message${staff ? ' ticket-message--staff' : ''}`}>
      <header className="ticket-message__head">
        <strong>{author}</strong>
        {staff && <span className="ticket-badge ticket-badge--staff">Staff</span>}
        <time dateTime={createdAt} className="ticket-muted">
          {formatDateTime(createdAt)}
        </time>
      </header>
      <p className="ticket-message__body">{message}</p>
      <TicketThumbnails images={images} />
    </article>
  );
}
