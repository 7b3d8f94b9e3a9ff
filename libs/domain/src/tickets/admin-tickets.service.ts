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
  type TicketPriority,
  type TicketStatus,
} from '@kickback/contracts';
import { AuditLogService, conflict, notFound, pagination } from '@kickback/platform';
import { TICKET_SELECT, loadReplies, toAdminTickets, type TicketRow } from './ticket-rows';

/** The staff queue: every member's tickets, filters, status/priority changes (audited) and categories. */
@Injectable()
export class AdminTicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
  ) {}

  async list(query: AdminTicketsQuery, perPage = 25): Promise<AdminTicketList> {
    const em = this.em.fork();
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
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const [{ total }] = await em.execute<{ total: number }[]>(
      `select count(*)::int as total from tickets t join users u on u.id = t.user_id ${where}`,
      params,
    );
    const rows = await em.execute<TicketRow[]>(`${TICKET_SELECT} ${where} order by t.id desc limit ? offset ?`, [
      ...params,
      perPage,
      (query.page - 1) * perPage,
    ]);
    return {
      data: await toAdminTickets(em, rows),
      pagination: pagination(query.page, perPage, total),
    };
  }

  async get(id: number): Promise<AdminTicketWithReplies> {
    const em = this.em.fork();
    const [row] = await em.execute<TicketRow[]>(`${TICKET_SELECT} where t.id = ?`, [id]);
    if (!row) throw notFound(TICKET_MESSAGES.notFound);
    const [ticket] = await toAdminTickets(em, [row]);
    return { ticket, replies: await loadReplies(em, id) };
  }

  async update(actorId: number, id: number, change: AdminTicketUpdate): Promise<AdminTicket> {
    await this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<{ status: TicketStatus; priority: TicketPriority }[]>(
        'select status, priority from tickets where id = ? for update',
        [id],
      );
      if (!before) throw notFound(TICKET_MESSAGES.notFound);
      const after = { status: change.status ?? before.status, priority: change.priority ?? before.priority };
      await tx.execute('update tickets set status = ?, priority = ?, updated_at = now() where id = ?', [after.status, after.priority, id]);
      await this.audit.record(tx, { actorId, action: 'ticket.update', entity: 'ticket', entityId: id, before, after });
    });
    return (await this.get(id)).ticket;
  }

  async categories(): Promise<AdminTicketCategory[]> {
    return this.em
      .fork()
      .execute<AdminTicketCategory[]>('select id, name, description, position, active from ticket_categories order by position, id');
  }

  async createCategory(actorId: number, input: TicketCategoryInput): Promise<AdminTicketCategory> {
    return this.em.fork().transactional(async (tx) => {
      const [dupe] = await tx.execute('select 1 from ticket_categories where lower(name) = lower(?)', [input.name]);
      if (dupe) throw conflict('A category with this name already exists.');
      const [row] = await tx.execute<AdminTicketCategory[]>(
        `insert into ticket_categories (name, description, position, active) values (?, ?, ?, ?)
         on conflict (name) do nothing returning id, name, description, position, active`,
        [input.name, input.description, input.position, input.active],
      );
      if (!row) throw conflict('A category with this name already exists.');
      await this.audit.record(tx, { actorId, action: 'ticket.category.create', entity: 'ticket_category', entityId: row.id, after: row });
      return row;
    });
  }

  async updateCategory(actorId: number, id: number, input: TicketCategoryInput): Promise<AdminTicketCategory> {
    return this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<AdminTicketCategory[]>(
        'select id, name, description, position, active from ticket_categories where id = ? for update',
        [id],
      );
      if (!before) throw notFound('Category not found.');
      const [dupe] = await tx.execute('select 1 from ticket_categories where lower(name) = lower(?) and id <> ?', [input.name, id]);
      if (dupe) throw conflict('A category with this name already exists.');
      const [row] = await tx.execute<AdminTicketCategory[]>(
        `update ticket_categories set name = ?, description = ?, position = ?, active = ? where id = ?
         returning id, name, description, position, active`,
        [input.name, input.description, input.position, input.active, id],
      );
      await this.audit.record(tx, {
        actorId,
        action: 'ticket.category.update',
        entity: 'ticket_category',
        entityId: id,
        before,
        after: row,
      });
      return row;
    });
  }

  /** Categories in use are deactivated instead, so old tickets keep their label. */
  async deleteCategory(actorId: number, id: number): Promise<{ deleted: boolean }> {
    return this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<AdminTicketCategory[]>(
        'select id, name, description, position, active from ticket_categories where id = ? for update',
        [id],
      );
      if (!before) throw notFound('Category not found.');
      const [used] = await tx.execute('select 1 from tickets where category_id = ? limit 1', [id]);
      if (used) await tx.execute('update ticket_categories set active = false where id = ?', [id]);
      else await tx.execute('delete from ticket_categories where id = ?', [id]);
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
