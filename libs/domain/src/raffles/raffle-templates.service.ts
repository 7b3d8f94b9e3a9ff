import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRaffle, RaffleTemplate, RaffleTemplateInput } from '@kickback/contracts';
import { AuditLogService, notFound, unprocessable } from '@kickback/platform';
import { AdminRafflesService } from './admin-raffles.service';
import { RaffleTemplatesRepository, type TemplateRow } from './raffle-templates.repository';

const TEMPLATE_NOT_FOUND = 'Template not found';

const toTemplate = (row: TemplateRow): RaffleTemplate => ({
  id: row.id,
  name: row.name,
  settings: row.settings,
  created_at: new Date(row.created_at).toISOString(),
});

/** Raffle templates: every raffle field but title, schedule and password, with a duration; starting one creates a raffle now. Audited. */
@Injectable()
export class RaffleTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly templates: RaffleTemplatesRepository,
    private readonly raffles: AdminRafflesService,
    private readonly audit: AuditLogService,
  ) {}

  async list(): Promise<RaffleTemplate[]> {
    return (await this.templates.list(this.em.fork())).map(toTemplate);
  }

  async create(actorId: number, input: RaffleTemplateInput): Promise<RaffleTemplate> {
    const row = await this.audit.audited({ actorId, action: 'raffle-template.create', entity: 'raffle-template' }, async (tx) => {
      const inserted = await this.templates.insert(tx, input.name, input.settings);
      if (!inserted)
        throw unprocessable('A template with this name exists already.', { name: ['A template with this name exists already.'] });
      return { entityId: inserted.id, after: input, answer: inserted };
    });
    return toTemplate(row);
  }

  async remove(actorId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'raffle-template.delete', entity: 'raffle-template' }, async (tx) => {
      const row = await this.templates.delete(tx, id);
      if (!row) throw notFound(TEMPLATE_NOT_FOUND);
      return { entityId: id, before: toTemplate(row) };
    });
  }

  /** A raffle taking entries from now for the template's duration, with its settings (audited as raffle.create). */
  async start(actorId: number, id: number, title: string): Promise<AdminRaffle> {
    const row = await this.templates.byId(this.em.fork(), id);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    const { duration_minutes, ...settings } = row.settings;
    const now = Date.now();
    return this.raffles.create(actorId, {
      ...settings,
      // Templates saved before the setting existed hold no value for it.
      casino_credit_prize: settings.casino_credit_prize ?? false,
      title,
      start_datetime: new Date(now).toISOString(),
      end_datetime: new Date(now + duration_minutes * 60_000).toISOString(),
    });
  }
}
