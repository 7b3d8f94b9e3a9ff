import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type Ticket,
  type TicketImage,
  type TicketPriority,
  type TicketStatus,
} from '@kickback/contracts';

/** A ticket as the queries return it: the contract's ticket before labels, images and ISO dates. */
export interface TicketRow {
  id: number;
  user_id: number;
  username: string;
  title: string;
  description: string;
  category_id: number;
  category: string;
  priority: TicketPriority;
  status: TicketStatus;
  replies_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface ImageRow {
  id: number;
  ticket_id: number;
  reply_id: number | null;
  original_filename: string;
}

/** Images are private: the URL goes through the owner/staff check, never /uploads. */
export const ticketImageUrl = (id: number) => `/api/r/tickets/images/${id}`;

export const toImage = (r: ImageRow): TicketImage => ({ id: r.id, url: ticketImageUrl(r.id), filename: r.original_filename });

export const toTicket = (r: TicketRow, images: TicketImage[]): Ticket => ({
  id: r.id,
  title: r.title,
  description: r.description,
  category: r.category,
  category_id: r.category_id,
  priority: r.priority,
  priority_label: TICKET_PRIORITY_LABELS[r.priority],
  status: r.status,
  status_label: TICKET_STATUS_LABELS[r.status],
  replies_count: r.replies_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
  images,
});
