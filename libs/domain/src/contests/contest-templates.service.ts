import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { contestSettingsSchema, type ContestTemplate, type ContestSettings } from '@kickback/contracts';
import { AuditLogService } from '@kickback/platform';
import { ContestRefusalError } from './contests.errors';

const TEMPLATE_TEXTS = { nameTaken: 'A template of that name exists.', notFound: 'Template not found.' } as const;

interface TemplateRow {
  id: number;
  name: string;
  settings: ContestSettings;
}

/** The contests a streamer runs every stream, saved once and opened from Go live in one click. */
@Injectable()
export class ContestTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
  ) {}

  async list(): Promise<ContestTemplate[]> {
    return this.em.fork().execute<TemplateRow[]>('select id, name, settings from contest_templates order by lower(name)');
  }

  /** The settings a contest opened from this template asks, checked again (a template outlives rule changes). */
  async settingsOf(id: number): Promise<ContestSettings> {
    const [row] = await this.em.fork().execute<TemplateRow[]>('select settings from contest_templates where id = ?', [id]);
    if (!row) throw new ContestRefusalError(TEMPLATE_TEXTS.notFound, 404);
    return contestSettingsSchema.parse(row.settings);
  }

  async create(adminId: number, input: { name: string; settings: ContestSettings }): Promise<ContestTemplate> {
    return this.audit.audited({ actorId: adminId, action: 'contest-template.create', entity: 'contest_template' }, async (tx) => {
      const [row] = await tx.execute<TemplateRow[]>(
        'insert into contest_templates (name, settings) values (?, ?::jsonb) on conflict do nothing returning id, name, settings',
        [input.name, JSON.stringify(input.settings)],
      );
      if (!row) throw new ContestRefusalError(TEMPLATE_TEXTS.nameTaken, 409);
      return { entityId: row.id, before: null, after: row };
    });
  }

  async remove(adminId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId: adminId, action: 'contest-template.delete', entity: 'contest_template' }, async (tx) => {
      const [row] = await tx.execute<TemplateRow[]>('delete from contest_templates where id = ? returning id, name, settings', [id]);
      if (!row) throw new ContestRefusalError(TEMPLATE_TEXTS.notFound, 404);
      return { entityId: id, before: row, after: null };
    });
  }
}
