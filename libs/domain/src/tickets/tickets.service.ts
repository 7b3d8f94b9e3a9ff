import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_REPLY_IMAGES,
  MAX_TICKET_IMAGES,
  TICKET_MESSAGES,
  type Ticket,
  type TicketCategory,
  type TicketCreateInput,
  type TicketReplyInput,
  type TicketStatus,
  type TicketWithReplies,
} from '@kickback/contracts';
import { OutboxService, conflict, notFound, unprocessable } from '@kickback/platform';
import { TICKET_SELECT, loadReplies, toTickets, type TicketRow } from './ticket-rows';
import { TicketImagesService, type IncomingImage } from './ticket-images.service';

/** Who is replying: a member on their own ticket, or staff on any. */
export interface TicketReplier {
  userId: number;
  staff: boolean;
}

/** Members' own tickets: create, read, reply. Another member's ticket is simply "not found". */
@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly images: TicketImagesService,
  ) {}

  async categories(): Promise<TicketCategory[]> {
    return this.em
      .fork()
      .execute<TicketCategory[]>('select id, name, description from ticket_categories where active order by position, id');
  }

  async listOwn(userId: number): Promise<Ticket[]> {
    const em = this.em.fork();
    const rows = await em.execute<TicketRow[]>(`${TICKET_SELECT} where t.user_id = ? order by t.id desc`, [userId]);
    return toTickets(em, rows);
  }

  async getOwn(userId: number, id: number): Promise<TicketWithReplies> {
    const em = this.em.fork();
    const [row] = await em.execute<TicketRow[]>(`${TICKET_SELECT} where t.id = ? and t.user_id = ?`, [id, userId]);
    if (!row) throw notFound(TICKET_MESSAGES.notFound);
    const [ticket] = await toTickets(em, [row]);
    return { ticket, replies: await loadReplies(em, id) };
  }

  async create(userId: number, input: TicketCreateInput, files: IncomingImage[]): Promise<{ id: number }> {
    const [category] = await this.em
      .fork()
      .execute<{ id: number }[]>('select id from ticket_categories where id = ? and active', [input.category_id]);
    if (!category) throw unprocessable(TICKET_MESSAGES.categoryRequired, { category_id: [TICKET_MESSAGES.categoryRequired] });
    const stored = await this.images.storeAll(files, MAX_TICKET_IMAGES, TICKET_MESSAGES.tooManyTicketImages);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const [{ id }] = await tx.execute<{ id: number }[]>(
          `insert into tickets (user_id, title, description, category_id, priority) values (?, ?, ?, ?, ?) returning id`,
          [userId, input.title, input.description, input.category_id, input.priority],
        );
        await this.images.attach(tx, id, null, stored);
        await this.outbox.add(tx, 'ticket.created', { ticketId: id, userId });
        return { id };
      });
    } catch (e) {
      await this.images.discard(stored);
      throw e;
    }
  }

  /**
   * Adds a reply under a row lock, so concurrent replies and status changes serialise.
   * A member answering a 'waiting' ticket hands it back to staff ('open'); a staff reply waits on the member.
   */
  async reply(replier: TicketReplier, ticketId: number, input: TicketReplyInput, files: IncomingImage[]): Promise<{ id: number }> {
    await this.lockable(replier, ticketId);
    const stored = await this.images.storeAll(files, MAX_REPLY_IMAGES, TICKET_MESSAGES.tooManyReplyImages);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const status = await this.lockable(replier, ticketId, tx);
        if (status === 'closed') throw conflict(TICKET_MESSAGES.closed);
        const [{ id }] = await tx.execute<{ id: number }[]>(
          `insert into ticket_replies (ticket_id, user_id, message, is_admin) values (?, ?, ?, ?) returning id`,
          [ticketId, replier.userId, input.message, replier.staff],
        );
        await this.images.attach(tx, ticketId, id, stored);
        const next: TicketStatus = replier.staff ? 'waiting' : status === 'waiting' ? 'open' : status;
        await tx.execute('update tickets set status = ?, updated_at = now() where id = ?', [next, ticketId]);
        await this.outbox.add(tx, 'ticket.replied', { ticketId, replyId: id, isAdmin: replier.staff });
        return { id };
      });
    } catch (e) {
      await this.images.discard(stored);
      throw e;
    }
  }

  /** The ticket's status if the replier may answer it; checked once before storing files and again under the lock. */
  private async lockable(replier: TicketReplier, ticketId: number, tx?: EntityManager): Promise<TicketStatus> {
    const em = tx ?? this.em.fork();
    const [row] = await em.execute<{ status: TicketStatus }[]>(
      `select status from tickets where id = ? and (? or user_id = ?) ${tx ? 'for update' : ''}`,
      [ticketId, replier.staff, replier.userId],
    );
    if (!row) throw notFound(TICKET_MESSAGES.notFound);
    if (row.status === 'closed') throw conflict(TICKET_MESSAGES.closed);
    return row.status;
  }
}
