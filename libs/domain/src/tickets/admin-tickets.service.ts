import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  TICKET_MESSAGES,
  type AdminTicket,
  type AdminTicketCategory,
  type AdminTicketList,
  type AdminTicketUpdate,
  type AdminTicketWithReplies,
  type AdminTicketsQuery,
  type TicketCategoryInput,
  type TicketCategoryUpdate,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound, pagination } from '@kickback/platform';
import { TicketCategoriesRepository } from './ticket-categories.repository';
import { TicketsRepository } from './tickets.repository';

/** The staff queue: every member's tickets, filters, status/priority changes (audited) and categories. */
@Injectable()
export class AdminTicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly tickets: TicketsRepository,
    private readonly categoryRows: TicketCategoriesRepository,
    private readonly outbox: OutboxService,
  ) {}

  async list(query: AdminTicketsQuery, perPage = 25): Promise<AdminTicketList> {
    const em = this.em.fork();
    const [total, data] = await Promise.all([
      this.tickets.queueCount(em, query),
      this.tickets.queuePage(em, query, perPage, (query.page - 1) * perPage),
    ]);
    return { data, pagination: pagination(query.page, perPage, total) };
  }

  async get(id: number): Promise<AdminTicketWithReplies> {
    const em = this.em.fork();
    const ticket = await this.tickets.ticket(em, id);
    if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
    return { ticket, replies: await this.tickets.replies(em, id) };
  }

  async update(actorId: number, id: number, change: AdminTicketUpdate): Promise<AdminTicket> {
    await this.audit.audited({ actorId, action: 'ticket.update', entity: 'ticket' }, async (tx) => {
      const before = await this.tickets.lockStatusAndPriority(tx, id);
      if (!before) throw notFound(TICKET_MESSAGES.notFound);
      const after = { status: change.status ?? before.status, priority: change.priority ?? before.priority };
      await this.tickets.setStatusAndPriority(tx, id, after.status, after.priority);
      if (after.status === 'resolved' && before.status !== 'resolved') {
        const owner = await this.tickets.titleAndOwner(tx, id);
        if (owner) await this.outbox.add(tx, 'ticket.resolved', { ticketId: id, userId: owner.user_id });
      }
      return { entityId: id, before, after };
    });
    return (await this.get(id)).ticket;
  }

  async categories(): Promise<AdminTicketCategory[]> {
    return this.categoryRows.all(this.em.fork());
  }

  async createCategory(actorId: number, input: TicketCategoryInput): Promise<AdminTicketCategory> {
    return this.audit.audited({ actorId, action: 'ticket.category.create', entity: 'ticket_category' }, async (tx) => {
      if (await this.categoryRows.nameTaken(tx, input.name)) throw conflict('A category with this name already exists.');
      const row = await this.categoryRows.insert(tx, input);
      if (!row) throw conflict('A category with this name already exists.');
      return { entityId: row.id, after: row };
    });
  }

  /** A field the body leaves out keeps its value. */
  async updateCategory(actorId: number, id: number, changes: TicketCategoryUpdate): Promise<AdminTicketCategory> {
    return this.audit.audited({ actorId, action: 'ticket.category.update', entity: 'ticket_category' }, async (tx) => {
      const before = await this.categoryRows.lock(tx, id);
      if (!before) throw notFound('Category not found.');
      const input: TicketCategoryInput = {
        name: before.name,
        description: before.description,
        position: before.position,
        active: before.active,
        ...changes,
      };
      if (await this.categoryRows.nameTaken(tx, input.name, id)) throw conflict('A category with this name already exists.');
      return { entityId: id, before, after: await this.categoryRows.update(tx, id, input) };
    });
  }

  /** Categories in use are deactivated instead, so old tickets keep their label. */
  async deleteCategory(actorId: number, id: number): Promise<{ deleted: boolean }> {
    return this.em.fork().transactional(async (tx) => {
      const before = await this.categoryRows.lock(tx, id);
      if (!before) throw notFound('Category not found.');
      const used = await this.categoryRows.inUse(tx, id);
      if (used) await this.categoryRows.deactivate(tx, id);
      else await this.categoryRows.delete(tx, id);
      await this.audit.record(tx, {
        actorId,
        action: used ? 'ticket.category.deactivate' : 'ticket.category.delete',
        entity: 'ticket_category',
        entityId: id,
        before,
      });
      return { deleted: !used };
    });
  }
}
