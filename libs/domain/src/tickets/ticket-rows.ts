import type { EntityManager } from '@mikro-orm/postgresql';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type AdminTicket,
  type Ticket,
  type TicketImage,
  type TicketPriority,
  type TicketReply,
  type TicketStatus,
} from '@kickback/contracts';

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

interface ReplyRow {
  id: number;
  message: string;
  is_admin: boolean;
  username: string;
  created_at: Date;
}

interface ImageRow {
  id: number;
  ticket_id: number;
  reply_id: number | null;
  original_filename: string;
}

export const TICKET_SELECT = `
  select t.id, t.user_id, u.username, t.title, t.description, t.category_id, c.name as category,
         t.priority, t.status, t.created_at, t.updated_at,
         (select count(*)::int from ticket_replies r where r.ticket_id = t.id) as replies_count
  from tickets t
  join ticket_categories c on c.id = t.category_id
  join users u on u.id = t.user_id`;

/** Images are private: the URL goes through the owner/staff check, never /uploads. */
export const ticketImageUrl = (id: number) => `/api/r/tickets/images/${id}`;

const toImage = (r: ImageRow): TicketImage => ({ id: r.id, url: ticketImageUrl(r.id), filename: r.original_filename });

/** The ticket's own attachments (not those sent with replies), keyed by ticket id. */
async function ticketImages(em: EntityManager, ticketIds: number[]): Promise<Map<number, TicketImage[]>> {
  const map = new Map<number, TicketImage[]>();
  if (!ticketIds.length) return map;
  const rows = await em.execute<ImageRow[]>(
    `select id, ticket_id, reply_id, original_filename from ticket_images
     where ticket_id = any(?::int[]) and reply_id is null order by id`,
    [`{${ticketIds.join(',')}}`],
  );
  for (const r of rows) map.set(r.ticket_id, [...(map.get(r.ticket_id) ?? []), toImage(r)]);
  return map;
}

const toTicket = (r: TicketRow, images: TicketImage[]): Ticket => ({
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

export async function toTickets(em: EntityManager, rows: TicketRow[]): Promise<Ticket[]> {
  const images = await ticketImages(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toTicket(r, images.get(r.id) ?? []));
}

export async function toAdminTickets(em: EntityManager, rows: TicketRow[]): Promise<AdminTicket[]> {
  const tickets = await toTickets(em, rows);
  return tickets.map((t, i) => ({ ...t, user: { id: rows[i].user_id, username: rows[i].username } }));
}

export async function loadReplies(em: EntityManager, ticketId: number): Promise<TicketReply[]> {
  const rows = await em.execute<ReplyRow[]>(
    `select r.id, r.message, r.is_admin, u.username, r.created_at
     from ticket_replies r join users u on u.id = r.user_id
     where r.ticket_id = ? order by r.id`,
    [ticketId],
  );
  const images = await em.execute<ImageRow[]>(
    `select id, ticket_id, reply_id, original_filename from ticket_images where ticket_id = ? and reply_id is not null order by id`,
    [ticketId],
  );
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    is_admin: r.is_admin,
    user: { username: r.username },
    created_at: new Date(r.created_at).toISOString(),
    images: images.filter((i) => i.reply_id === r.id).map(toImage),
  }));
}
