import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminContactMessage, AdminContactMessageList, AdminContactMessagesQuery, ContactStatus } from '@kickback/contracts';
import { AuditLogService, notFound, pagination } from '@kickback/platform';
import { ContactRepository, type MessageRow } from './contact.repository';

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
    private readonly repository: ContactRepository,
  ) {}

  async list(query: AdminContactMessagesQuery, perPage = 25): Promise<AdminContactMessageList> {
    const em = this.em.fork();
    const [total, unread, rows] = await Promise.all([
      this.repository.count(em, query.status),
      this.repository.count(em, 'new'),
      this.repository.page(em, query.status, perPage, (query.page - 1) * perPage),
    ]);
    return {
      data: rows.map(toMessage),
      pagination: pagination(query.page, perPage, total),
      new_total: unread,
    };
  }

  async setStatus(actorId: number, id: number, status: ContactStatus): Promise<AdminContactMessage> {
    return this.audit.audited({ actorId, action: 'contact.message.status', entity: 'contact_message' }, async (tx) => {
      const before = await this.repository.lockStatus(tx, id);
      if (!before) throw notFound('Message not found.');
      await this.repository.setStatus(tx, id, status);
      return {
        entityId: id,
        before: { status: before },
        after: { status },
        answer: toMessage((await this.repository.find(tx, id))!),
      };
    });
  }
}
