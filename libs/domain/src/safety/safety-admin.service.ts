import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import type { AdminSafetyCountry, SafetyCountryInput, SafetyOverview, SafetySettings, SafetySettingsUpdate } from '@kickback/contracts';
import { AuditLogService, conflict, csvStream, notFound, type CsvCell } from '@kickback/platform';
import { SafetyRepository } from './safety.repository';
import { SafetyRulesService } from './safety-rules.service';
import { SafetyStatsService } from './safety-stats.service';

const TAKEN = 'This country already has its own row.';
const EXPORT_HEADER = ['record', 'member', 'age', 'country', 'period', 'started_at', 'ends_at', 'ended_at', 'ended_by'] as const;
const PAGE = 1000;

/** The admin's side: the texts and per-country rows (audited), the counts, and the records export. */
@Injectable()
export class SafetyAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: SafetyRepository,
    private readonly rules: SafetyRulesService,
    private readonly stats: SafetyStatsService,
    private readonly audit: AuditLogService,
  ) {}

  async overview(): Promise<SafetyOverview> {
    const [counts, today] = await Promise.all([this.repository.counts(this.em.fork()), this.stats.today()]);
    return { ...counts, today };
  }

  settings(): Promise<SafetySettings> {
    return this.repository.settings(this.em.fork());
  }

  async updateSettings(actorId: number, changes: SafetySettingsUpdate): Promise<SafetySettings> {
    const after = await this.audit.audited({ actorId, action: 'safety.settings.update', entity: 'safety_settings' }, async (tx) => {
      const before = await this.repository.settings(tx);
      return { entityId: 1, before, after: await this.repository.updateSettings(tx, changes) };
    });
    await this.rules.changed();
    return after;
  }

  countries(): Promise<AdminSafetyCountry[]> {
    return this.repository.countries(this.em.fork());
  }

  async createCountry(actorId: number, input: SafetyCountryInput): Promise<AdminSafetyCountry> {
    const after = await this.audit.audited({ actorId, action: 'safety.country.create', entity: 'safety_country' }, async (tx) => {
      const id = await this.repository.insertCountry(tx, input);
      if (id === null) throw conflict(TAKEN);
      return { entityId: id, before: null, after: (await this.repository.country(tx, id))! };
    });
    await this.rules.changed();
    return after;
  }

  async updateCountry(actorId: number, id: number, changes: Partial<SafetyCountryInput>): Promise<AdminSafetyCountry> {
    const after = await this.audit.audited({ actorId, action: 'safety.country.update', entity: 'safety_country' }, async (tx) => {
      const before = await this.repository.country(tx, id, true);
      if (!before) throw notFound('Country not found.');
      const merged = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as SafetyCountryInput;
      if (merged.country !== before.country && (await this.repository.countries(tx)).some((c) => c.country === merged.country))
        throw conflict(TAKEN);
      await this.repository.updateCountry(tx, id, merged);
      return { entityId: id, before, after: (await this.repository.country(tx, id))! };
    });
    await this.rules.changed();
    return after;
  }

  async removeCountry(actorId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'safety.country.delete', entity: 'safety_country' }, async (tx) => {
      const before = await this.repository.country(tx, id, true);
      if (!before) throw notFound('Country not found.');
      await this.repository.deleteCountry(tx, id);
      return { entityId: id, before, after: null };
    });
    await this.rules.changed();
  }

  /**
   * The streamer's records as CSV: every member's age confirmation and every break, oldest first, read a page at a
   * time as the file is taken. Visitors' answers are not records of anyone, so only their daily counts exist.
   */
  exportRecords(): Readable {
    return csvStream(EXPORT_HEADER, this.records());
  }

  private async *records(): AsyncGenerator<CsvCell[]> {
    const em = this.em.fork();
    let after = 0;
    for (;;) {
      const rows = await this.repository.ageConfirmationsAfter(em, after, PAGE);
      for (const r of rows) yield ['age confirmed', r.username, r.age, r.country ?? '', iso(r.confirmed_at), '', '', '', ''];
      if (rows.length < PAGE) break;
      after = Number(rows.at(-1)!.id);
    }
    after = 0;
    for (;;) {
      const rows = await this.repository.breaksAfter(em, after, PAGE);
      for (const r of rows)
        yield [
          'break',
          r.username,
          '',
          '',
          r.period,
          iso(r.started_at),
          r.ends_at ? iso(r.ends_at) : 'until asked',
          r.ended_at ? iso(r.ended_at) : '',
          r.ended_at ? (r.ended_by ?? 'on time') : '',
        ];
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
  }
}

const iso = (d: Date) => new Date(d).toISOString();
