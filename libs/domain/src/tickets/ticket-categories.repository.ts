import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminTicketCategory, TicketCategory, TicketCategoryInput } from '@kickback/contracts';

const COLUMNS = 'id, name, description, position, active';

/** The categories members file tickets under. */
@Injectable()
export class TicketCategoriesRepository {
  active(em: EntityManager): Promise<TicketCategory[]> {
    return em.execute<TicketCategory[]>('select id, name, description from ticket_categories where active order by position, id');
  }

  all(em: EntityManager): Promise<AdminTicketCategory[]> {
    return em.execute<AdminTicketCategory[]>(`select ${COLUMNS} from ticket_categories order by position, id`);
  }

  async isActive(em: EntityManager, id: number): Promise<boolean> {
    return (await em.execute('select 1 from ticket_categories where id = ? and active', [id])).length > 0;
  }

  async lock(em: EntityManager, id: number): Promise<AdminTicketCategory | null> {
    const [row] = await em.execute<AdminTicketCategory[]>(`select ${COLUMNS} from ticket_categories where id = ? for update`, [id]);
    return row ?? null;
  }

  /** Case-insensitive, so "Account" and "account" are one category. */
  async nameTaken(em: EntityManager, name: string, exceptId: number | null = null): Promise<boolean> {
    return (
      (await em.execute('select 1 from ticket_categories where lower(name) = lower(?) and id is distinct from ?', [name, exceptId]))
        .length > 0
    );
  }

  /** Null when a concurrent insert took the name first. */
  async insert(em: EntityManager, input: TicketCategoryInput): Promise<AdminTicketCategory | null> {
    const [row] = await em.execute<AdminTicketCategory[]>(
      `insert into ticket_categories (name, description, position, active) values (?, ?, ?, ?)
       on conflict (name) do nothing returning ${COLUMNS}`,
      [input.name, input.description, input.position, input.active],
    );
    return row ?? null;
  }

  async update(em: EntityManager, id: number, input: TicketCategoryInput): Promise<AdminTicketCategory> {
    const [row] = await em.execute<AdminTicketCategory[]>(
      `update ticket_categories set name = ?, description = ?, position = ?, active = ? where id = ? returning ${COLUMNS}`,
      [input.name, input.description, input.position, input.active, id],
    );
    return row!;
  }

  async inUse(em: EntityManager, id: number): Promise<boolean> {
    return (await em.execute('select 1 from tickets where category_id = ? limit 1', [id])).length > 0;
  }

  async deactivate(em: EntityManager, id: number): Promise<void> {
    await em.execute('update ticket_categories set active = false where id = ?', [id]);
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.execute('delete from ticket_categories where id = ?', [id]);
  }
}
