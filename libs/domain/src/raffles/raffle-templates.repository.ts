import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleTemplateSettings } from '@kickback/contracts';

export interface TemplateRow {
  id: number;
  name: string;
  settings: RaffleTemplateSettings;
  created_at: Date;
}

@Injectable()
export class RaffleTemplatesRepository {
  list(em: EntityManager): Promise<TemplateRow[]> {
    return em.execute<TemplateRow[]>('select id, name, settings, created_at from raffle_templates order by lower(name)');
  }

  async byId(em: EntityManager, id: number): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>('select id, name, settings, created_at from raffle_templates where id = ?', [id]);
    return row ?? null;
  }

  /** Null when a template of that name (any case) exists. */
  async insert(em: EntityManager, name: string, settings: RaffleTemplateSettings): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>(
      `insert into raffle_templates (name, settings) values (?, ?::jsonb) on conflict do nothing returning id, name, settings, created_at`,
      [name, JSON.stringify(settings)],
    );
    return row ?? null;
  }

  async delete(em: EntityManager, id: number): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>('delete from raffle_templates where id = ? returning id, name, settings, created_at', [
      id,
    ]);
    return row ?? null;
  }
}
