import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminContactMessage, AdminContactMessageList, AdminContactMessagesQuery, ContactStatus } from '@kickback/contracts';
import { AuditLogService, notFound, pagination } from '@kickback/platform';

interface MessageRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  user_id: number | null;
  username: string | null;
  created_at: Date;
}

const SELECT = `
  select m.id, m.name, m.email, m.subject, m.message, m.status, m.user_id, u.username, m.created_at
  from contact_messages m left join users u on u.id = m.user_id`;

const toMessage = (r: MessageRow): AdminContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  status: r.status,
  user: r.user_id ? { id: r.user_id, username: r.username ?? '' } : null,
  created_at: new Date(r.created_at).toISOString(),
});

/** The admin inbox of contact messages. Status changes are audited. */
@Injectable()
export class AdminContactService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
  ) {}

  async list(query: AdminContactMessagesQuery, perPage = 25): Promise<AdminContactMessageList> {
    const em = this.em.fork();
    const where = query.status === 'all' ? '' : 'where m.status = ?';
    const params = query.status === 'all' ? [] : [query.status];
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total from contact_messages m ${where}`, params);
    const [{ unread }] = await em.execute<{ unread: number }[]>(
      `select count(*)::int as unread from contact_messages where status = 'new'`,
    );
    const rows = await em.execute<MessageRow[]>(`${SELECT} ${where} order by m.id desc limit ? offset ?`, [
      ...params,
      perPage,
      (query.page - 1) * perPage,
    ]);
    return {
      data: rows.map(toMessage),
      pagination: pagination(query.page, perPage, total),
      new_total: unread,
    };
  }

  async setStatus(actorId: number, id: number, status: ContactStatus): Promise<AdminContactMessage> {
    return this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<{ status: ContactStatus }[]>('select status from contact_messages where id = ? for update', [id]);
      if (!before) throw notFound('Message not found.');
      await tx.execute('update contact_messages set status = ? where id = ?', [status, id]);
      await this.audit.record(tx, {
        actorId,
        action: 'contact.message.status',
        entity: 'contact_message',
        entityId: id,
        before: { status: before.status },
        after: { status },
      });
      const [row] = await tx.execute<MessageRow[]>(`${SELECT} where m.id = ?`, [id]);
      return toMessage(row);
    });
  }
}
