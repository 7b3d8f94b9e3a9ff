import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { contestSettingsSchema, type ContestSettings, type ContestTemplate, type ContestTemplateInput } from '@kickback/contracts';
import { AuditLogService, isUniqueViolation } from '@kickback/platform';
import { ContestTemplatesRepository, type TemplateRow } from './contest-templates.repository';
import { ContestRefusalError } from './contests.errors';

const TEMPLATE_TEXTS = { nameTaken: 'A template of that name exists.', notFound: 'Template not found.' } as const;

/** A template as the admin screens read it: its name beside its settings. */
const template = (row: TemplateRow): ContestTemplate => ({ id: row.id, name: row.name, ...row.settings });

/** The settings part of a template's input, as kept (and as a contest opened from it asks). */
const settingsOf = ({ question, options, min_stake, max_stake, window_seconds }: ContestTemplateInput): ContestSettings => ({
  question,
  options,
  min_stake,
  max_stake,
  window_seconds,
});

/** The contests a streamer runs every stream, saved once (admin Contest templates) and opened from Go live in one click. */
@Injectable()
export class ContestTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly templates: ContestTemplatesRepository,
    private readonly audit: AuditLogService,
  ) {}

  async list(): Promise<ContestTemplate[]> {
    return (await this.templates.list(this.em.fork())).map(template);
  }

  /** The settings a contest opened from this template asks, checked again (a template outlives rule changes). */
  async settingsOf(id: number): Promise<ContestSettings> {
    const settings = await this.templates.settings(this.em.fork(), id);
    if (!settings) throw new ContestRefusalError(TEMPLATE_TEXTS.notFound, 404);
    return contestSettingsSchema.parse(settings);
  }

  async create(adminId: number, input: ContestTemplateInput): Promise<ContestTemplate> {
    const row = await this.audit.audited(
      { actorId: adminId, action: 'contest-template.create', entity: 'contest_template' },
      async (tx) => {
        const row = await this.templates.insert(tx, input.name, settingsOf(input));
        if (!row) throw new ContestRefusalError(TEMPLATE_TEXTS.nameTaken, 409);
        return { entityId: row.id, before: null, after: row };
      },
    );
    return template(row);
  }

  /** Replaces a template's name and settings; contests opened from it before keep what they were opened with. */
  async update(adminId: number, id: number, input: ContestTemplateInput): Promise<ContestTemplate> {
    const row = await this.audit.audited(
      { actorId: adminId, action: 'contest-template.update', entity: 'contest_template' },
      async (tx) => {
        const before = await this.templates.lock(tx, id);
        if (!before) throw new ContestRefusalError(TEMPLATE_TEXTS.notFound, 404);
        const row = await this.templates.update(tx, id, input.name, settingsOf(input)).catch((error: unknown) => {
          throw isUniqueViolation(error) ? new ContestRefusalError(TEMPLATE_TEXTS.nameTaken, 409) : error;
        });
        return { entityId: id, before, after: row };
      },
    );
    return template(row);
  }

  async remove(adminId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId: adminId, action: 'contest-template.delete', entity: 'contest_template' }, async (tx) => {
      const row = await this.templates.delete(tx, id);
      if (!row) throw new ContestRefusalError(TEMPLATE_TEXTS.notFound, 404);
      return { entityId: id, before: row, after: null };
    });
  }
}
