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
import { TicketCategoriesRepository } from './ticket-categories.repository';
import { TicketsRepository } from './tickets.repository';
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
    private readonly tickets: TicketsRepository,
    private readonly categoryRows: TicketCategoriesRepository,
  ) {}

  async categories(): Promise<TicketCategory[]> {
    return this.categoryRows.active(this.em.fork());
  }

  async listOwn(userId: number): Promise<Ticket[]> {
    return this.tickets.ownTickets(this.em.fork(), userId);
  }

  async getOwn(userId: number, id: number): Promise<TicketWithReplies> {
    const em = this.em.fork();
    const found = await this.tickets.ticket(em, id, userId);
    if (!found) throw notFound(TICKET_MESSAGES.notFound);
    const { user: _owner, ...ticket } = found;
    return { ticket, replies: await this.tickets.replies(em, id) };
  }

  async create(userId: number, input: TicketCreateInput, files: IncomingImage[]): Promise<{ id: number }> {
    if (!(await this.categoryRows.isActive(this.em.fork(), input.category_id)))
      throw unprocessable(TICKET_MESSAGES.categoryRequired, { category_id: [TICKET_MESSAGES.categoryRequired] });
    const stored = await this.images.storeAll(userId, files, MAX_TICKET_IMAGES, TICKET_MESSAGES.tooManyTicketImages);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const id = await this.tickets.insertTicket(tx, {
          userId,
          title: input.title,
          description: input.description,
          categoryId: input.category_id,
          priority: input.priority,
        });
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
    const stored = await this.images.storeAll(replier.userId, files, MAX_REPLY_IMAGES, TICKET_MESSAGES.tooManyReplyImages);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const status = await this.lockable(replier, ticketId, tx);
        if (status === 'closed') throw conflict(TICKET_MESSAGES.closed);
        const id = await this.tickets.insertReply(tx, ticketId, replier.userId, input.message, replier.staff);
        await this.images.attach(tx, ticketId, id, stored);
        const next: TicketStatus = replier.staff ? 'waiting' : status === 'waiting' ? 'open' : status;
        await this.tickets.setStatus(tx, ticketId, next);
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
    const status = await this.tickets.replyableStatus(tx ?? this.em.fork(), ticketId, replier.userId, replier.staff, Boolean(tx));
    if (!status) throw notFound(TICKET_MESSAGES.notFound);
    if (status === 'closed') throw conflict(TICKET_MESSAGES.closed);
    return status;
  }
}
