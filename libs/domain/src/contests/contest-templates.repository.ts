import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContestSettings } from '@kickback/contracts';

export interface TemplateRow {
  id: number;
  name: string;
  settings: ContestSettings;
}

/** contest_templates: a name (unique) beside the settings a contest opens with, kept as JSON. */
@Injectable()
export class ContestTemplatesRepository {
  list(em: EntityManager): Promise<TemplateRow[]> {
    return em.execute<TemplateRow[]>('select id, name, settings from contest_templates order by lower(name)');
  }

  async settings(em: EntityManager, id: number): Promise<ContestSettings | null> {
    const [row] = await em.execute<Pick<TemplateRow, 'settings'>[]>('select settings from contest_templates where id = ?', [id]);
    return row?.settings ?? null;
  }

  /** Null when the name is taken. */
  async insert(em: EntityManager, name: string, settings: ContestSettings): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>(
      'insert into contest_templates (name, settings) values (?, ?::jsonb) on conflict do nothing returning id, name, settings',
      [name, JSON.stringify(settings)],
    );
    return row ?? null;
  }

  async lock(em: EntityManager, id: number): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>('select id, name, settings from contest_templates where id = ? for update', [id]);
    return row ?? null;
  }

  /** Throws the unique violation of a taken name, for the caller to name. */
  async update(em: EntityManager, id: number, name: string, settings: ContestSettings): Promise<TemplateRow> {
    const [row] = await em.execute<TemplateRow[]>(
      'update contest_templates set name = ?, settings = ?::jsonb where id = ? returning id, name, settings',
      [name, JSON.stringify(settings), id],
    );
    return row!;
  }

  async delete(em: EntityManager, id: number): Promise<TemplateRow | null> {
    const [row] = await em.execute<TemplateRow[]>('delete from contest_templates where id = ? returning id, name, settings', [id]);
    return row ?? null;
  }
}
