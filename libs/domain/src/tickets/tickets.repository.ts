import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminTicket, AdminTicketsQuery, Ticket, TicketPriority, TicketReply, TicketStatus } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';
import { toImage, toTicket, type ImageRow, type TicketRow } from './ticket-views';

const TICKET_SELECT = `
  select t.id, t.user_id, u.username, t.title, t.description, t.category_id, c.name as category,
         t.priority, t.status, t.created_at, t.updated_at,
         (select count(*)::int from ticket_replies r where r.ticket_id = t.id) as replies_count
  from tickets t
  join ticket_categories c on c.id = t.category_id
  join users u on u.id = t.user_id`;

interface ReplyRow {
  id: number;
  message: string;
  is_admin: boolean;
  username: string;
  created_at: Date;
}

/** The staff queue's filters as SQL; search matches title, description, member or "#id". */
function queueFilter(query: AdminTicketsQuery): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const filter = (sql: string, value: unknown) => {
    conditions.push(sql);
    params.push(value);
  };
  if (query.status !== 'all') filter('t.status = ?', query.status);
  if (query.priority !== 'all') filter('t.priority = ?', query.priority);
  if (query.category) filter('t.category_id = ?', query.category);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(`(t.title ilike ? or t.description ilike ? or u.username ilike ? or t.id::text = ?)`);
    params.push(like, like, like, query.search.replace(/^#/, ''));
  }
  return { where: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

/** Tickets, replies and their images. Reads assemble the contract shapes with a fixed number of queries. */
@Injectable()
export class TicketsRepository {
  async ownTickets(em: EntityManager, userId: number): Promise<Ticket[]> {
    return this.withImages(em, await em.execute<TicketRow[]>(`${TICKET_SELECT} where t.user_id = ? order by t.id desc`, [userId]));
  }

  /** The ticket if `ownerId` is null (staff) or owns it. */
  async ticket(em: EntityManager, id: number, ownerId: number | null = null): Promise<AdminTicket | null> {
    const rows = await em.execute<TicketRow[]>(`${TICKET_SELECT} where t.id = ? and (?::int is null or t.user_id = ?)`, [
      id,
      ownerId,
      ownerId,
    ]);
    return (await this.withOwners(em, rows))[0] ?? null;
  }

  async queueCount(em: EntityManager, query: AdminTicketsQuery): Promise<number> {
    const { where, params } = queueFilter(query);
    const [{ total }] = await em.execute<{ total: number }[]>(
      `select count(*)::int as total from tickets t join users u on u.id = t.user_id ${where}`,
      params,
    );
    return total;
  }

  async queuePage(em: EntityManager, query: AdminTicketsQuery, limit: number, offset: number): Promise<AdminTicket[]> {
    const { where, params } = queueFilter(query);
    const rows = await em.execute<TicketRow[]>(`${TICKET_SELECT} ${where} order by t.id desc limit ? offset ?`, [...params, limit, offset]);
    return this.withOwners(em, rows);
  }

  async replies(em: EntityManager, ticketId: number): Promise<TicketReply[]> {
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

  async insertTicket(
    em: EntityManager,
    ticket: { userId: number; title: string; description: string; categoryId: number; priority: TicketPriority },
  ): Promise<number> {
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into tickets (user_id, title, description, category_id, priority) values (?, ?, ?, ?, ?) returning id`,
      [ticket.userId, ticket.title, ticket.description, ticket.categoryId, ticket.priority],
    );
    return id;
  }

  async insertReply(em: EntityManager, ticketId: number, userId: number, message: string, isAdmin: boolean): Promise<number> {
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into ticket_replies (ticket_id, user_id, message, is_admin) values (?, ?, ?, ?) returning id`,
      [ticketId, userId, message, isAdmin],
    );
    return id;
  }

  /** The status of a ticket the user may answer (staff: any); locked when `lock` (inside the reply's transaction). */
  async replyableStatus(em: EntityManager, ticketId: number, userId: number, staff: boolean, lock: boolean): Promise<TicketStatus | null> {
    const [row] = await em.execute<{ status: TicketStatus }[]>(
      `select status from tickets where id = ? and (? or user_id = ?) ${lock ? 'for update' : ''}`,
      [ticketId, staff, userId],
    );
    return row?.status ?? null;
  }

  async lockStatusAndPriority(em: EntityManager, id: number): Promise<{ status: TicketStatus; priority: TicketPriority } | null> {
    const [row] = await em.execute<{ status: TicketStatus; priority: TicketPriority }[]>(
      'select status, priority from tickets where id = ? for update',
      [id],
    );
    return row ?? null;
  }

  async setStatusAndPriority(em: EntityManager, id: number, status: TicketStatus, priority: TicketPriority): Promise<void> {
    await em.execute('update tickets set status = ?, priority = ?, updated_at = now() where id = ?', [status, priority, id]);
  }

  async setStatus(em: EntityManager, id: number, status: TicketStatus): Promise<void> {
    await em.execute('update tickets set status = ?, updated_at = now() where id = ?', [status, id]);
  }

  async insertImage(
    em: EntityManager,
    image: { ticketId: number; replyId: number | null; storedName: string; originalName: string; bytes: number },
  ): Promise<void> {
    await em.execute(`insert into ticket_images (ticket_id, reply_id, stored_name, original_filename, bytes) values (?, ?, ?, ?, ?)`, [
      image.ticketId,
      image.replyId,
      image.storedName,
      image.originalName,
      image.bytes,
    ]);
  }

  /** The stored name of an image the viewer may see: the ticket's owner, staff or an admin. */
  async visibleImage(em: EntityManager, imageId: number, viewerId: number): Promise<string | null> {
    const [row] = await em.execute<{ stored_name: string }[]>(
      `select i.stored_name from ticket_images i
       join tickets t on t.id = i.ticket_id
       join users v on v.id = ?
       where i.id = ? and (t.user_id = v.id or v.role in ('staff', 'Admin'))`,
      [viewerId, imageId],
    );
    return row?.stored_name ?? null;
  }

  async titleAndOwner(em: EntityManager, ticketId: number): Promise<{ title: string; user_id: number } | null> {
    const [row] = await em.execute<{ title: string; user_id: number }[]>('select title, user_id from tickets where id = ?', [ticketId]);
    return row ?? null;
  }

  private async withImages(em: EntityManager, rows: TicketRow[]): Promise<Ticket[]> {
    const byTicket = new Map<number, ReturnType<typeof toImage>[]>();
    if (rows.length) {
      // The ticket's own attachments (not those sent with replies).
      const images = await em.execute<ImageRow[]>(
        `select id, ticket_id, reply_id, original_filename from ticket_images
         where ticket_id = any(?::int[]) and reply_id is null order by id`,
        [intArrayLiteral(rows.map((r) => r.id))],
      );
      for (const r of images) byTicket.set(r.ticket_id, [...(byTicket.get(r.ticket_id) ?? []), toImage(r)]);
    }
    return rows.map((r) => toTicket(r, byTicket.get(r.id) ?? []));
  }

  private async withOwners(em: EntityManager, rows: TicketRow[]): Promise<AdminTicket[]> {
    const tickets = await this.withImages(em, rows);
    return tickets.map((t, i) => ({ ...t, user: { id: rows[i]!.user_id, username: rows[i]!.username } }));
  }
}
