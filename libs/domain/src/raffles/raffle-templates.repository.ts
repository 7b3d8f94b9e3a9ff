import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { raffleTemplateSettingsSchema, type RaffleTemplateSettings } from '@kickback/contracts';

export interface TemplateRow {
  id: number;
  name: string;
  settings: RaffleTemplateSettings;
  created_at: Date;
}

/** Templates saved before a field joined the settings read with that field's default (an older one: no prize value). */
const withDefaults = (row: TemplateRow): TemplateRow => ({ ...row, settings: raffleTemplateSettingsSchema.parse(row.settings) });

@Injectable()
export class RaffleTemplatesRepository {
  async list(em: EntityManager): Promise<TemplateRow[]> {
    const rows = await em.execute<TemplateRow[]>('select id, name, settings, created_at from raffle_templates order by lower(name)');
    return rows.map(withDefaults);
  }

  async byId(em: EntityManager, id: number): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>('select id, name, settings, created_at from raffle_templates where id = ?', [id]);
    return row ? withDefaults(row) : null;
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
