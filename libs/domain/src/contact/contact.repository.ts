import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminContactMessage, ContactMessageInput, ContactStatus } from '@kickback/contracts';

/** A message as stored: the contract's message with the sender as columns and a Date. */
export type MessageRow = Omit<AdminContactMessage, 'user' | 'created_at'> & {
  user_id: number | null;
  username: string | null;
  created_at: Date;
};

const SELECT = `
  select m.id, m.name, m.email, m.subject, m.message, m.status, m.user_id, u.username, m.created_at
  from contact_messages m left join users u on u.id = m.user_id`;

const statusFilter = (status: ContactStatus | 'all') =>
  status === 'all' ? { where: '', params: [] as unknown[] } : { where: 'where m.status = ?', params: [status] as unknown[] };

/** Every statement on contact messages. */
@Injectable()
export class ContactRepository {
  async insert(em: EntityManager, input: ContactMessageInput, userId: number | null, ipHash: string): Promise<number> {
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into contact_messages (name, email, subject, message, user_id, ip_hash) values (?, ?, ?, ?, ?, ?) returning id`,
      [input.name, input.email, input.subject, input.message, userId, ipHash],
    );
    return id;
  }

  async count(em: EntityManager, status: ContactStatus | 'all'): Promise<number> {
    const { where, params } = statusFilter(status);
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total from contact_messages m ${where}`, params);
    return total;
  }

  page(em: EntityManager, status: ContactStatus | 'all', limit: number, offset: number): Promise<MessageRow[]> {
    const { where, params } = statusFilter(status);
    return em.execute<MessageRow[]>(`${SELECT} ${where} order by m.id desc limit ? offset ?`, [...params, limit, offset]);
  }

  async find(em: EntityManager, id: number): Promise<MessageRow | undefined> {
    const [row] = await em.execute<MessageRow[]>(`${SELECT} where m.id = ?`, [id]);
    return row;
  }

  async lockStatus(em: EntityManager, id: number): Promise<ContactStatus | undefined> {
    const [row] = await em.execute<{ status: ContactStatus }[]>('select status from contact_messages where id = ? for update', [id]);
    return row?.status;
  }

  async setStatus(em: EntityManager, id: number, status: ContactStatus): Promise<void> {
    await em.execute('update contact_messages set status = ? where id = ?', [status, id]);
  }
}
