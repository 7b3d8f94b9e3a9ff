import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  SLOT_IMPORT_SAMPLE_ROWS,
  SLOT_TEXTS,
  type AdminCatalogueSlotCreate,
  type AdminCatalogueSlotList,
  type AdminCatalogueSlotUpdate,
  type CatalogueSlotDetail,
  type SlotImportApplied,
  type SlotImportPreview,
  type SlotImportQuery,
} from '@kickback/contracts';
import { AuditLogService, conflict, isUniqueViolation, notFound, pagination, unprocessable } from '@kickback/platform';
import { SlotFactsRepository, factsOf, type SlotFacts } from './slot-facts.repository';
import { readSlotFile, type SlotFile, type SlotFileRow } from './slot-import-file';

const PER_PAGE = 50;
/** Slots written per statement: a 100,000-row file is a few dozen statements, not one document of every row. */
const WRITE_CHUNK = 2000;
const FACT_FIELDS = ['image_url', 'rtp', 'volatility', 'max_win_x', 'release_date', 'features', 'themes'] as const;

interface Plan {
  file: SlotFile;
  created: SlotFileRow[];
  changed: { row: SlotFileRow; id: number; facts: SlotFacts; fields: string[] }[];
  unchanged: number;
  /** Providers the file names that are not in the catalogue yet, as the file first spells them. */
  newProviders: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The slot catalogue as admins keep it (docs/slots.md): one slot at a time, or a CSV/JSON file matched on name +
 * provider (dry run, then apply in one transaction). Applying the same file again changes nothing.
 */
@Injectable()
export class SlotCatalogueAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly slots: SlotFactsRepository,
    private readonly audit: AuditLogService,
  ) {}

  async list(search: string, page: number): Promise<AdminCatalogueSlotList> {
    const { total, rows } = await this.slots.page(this.em.fork(), search, PER_PAGE, (page - 1) * PER_PAGE);
    return { data: rows, pagination: pagination(page, PER_PAGE, total) };
  }

  async create(actorId: number, input: AdminCatalogueSlotCreate): Promise<CatalogueSlotDetail> {
    return this.unique(() =>
      this.audit.audited({ actorId, action: 'slot.create', entity: 'slot' }, async (tx) => {
        const providerId = (await this.slots.ensureProviders(tx, [input.provider_name])).get(input.provider_name.toLowerCase())!;
        const { provider_name: _, ...facts } = input;
        const [id] = await this.slots.insert(tx, [{ ...facts, provider_id: providerId }]);
        const slot = (await this.slots.byId(tx, id!))!;
        return { entityId: id, after: slot };
      }),
    );
  }

  async update(actorId: number, id: number, changes: AdminCatalogueSlotUpdate): Promise<CatalogueSlotDetail> {
    return this.unique(() =>
      this.audit.audited({ actorId, action: 'slot.update', entity: 'slot' }, async (tx) => {
        const before = await this.slots.byId(tx, id, true);
        if (!before) throw notFound(SLOT_TEXTS.notFound);
        const { provider_name, ...facts } = changes;
        const providerId = provider_name
          ? (await this.slots.ensureProviders(tx, [provider_name])).get(provider_name.toLowerCase())!
          : before.provider.id;
        await this.slots.update(tx, [{ ...factsOf(before), ...facts, provider_id: providerId, id }]);
        return { entityId: id, before, after: (await this.slots.byId(tx, id))! };
      }),
    );
  }

  async dryRun(query: SlotImportQuery, body: Readable): Promise<SlotImportPreview> {
    const plan = await this.plan(this.em.fork(), await readSlotFile(query.format, body));
    const sample = (row: SlotFileRow, fields?: string[]) => ({
      line: row.line,
      name: row.name,
      provider: row.provider,
      ...(fields ? { fields } : {}),
    });
    return {
      format: query.format,
      rows_read: plan.file.rows_read,
      created: { count: plan.created.length, rows: plan.created.slice(0, SLOT_IMPORT_SAMPLE_ROWS).map((r) => sample(r)) },
      changed: { count: plan.changed.length, rows: plan.changed.slice(0, SLOT_IMPORT_SAMPLE_ROWS).map((c) => sample(c.row, c.fields)) },
      unchanged: plan.unchanged,
      new_providers: { count: plan.newProviders.length, names: plan.newProviders.slice(0, SLOT_IMPORT_SAMPLE_ROWS) },
      duplicates: plan.file.duplicates,
      invalid: plan.file.invalid,
    };
  }

  /** Plans again inside the transaction, after the import lock: what another apply wrote meanwhile is not written twice. */
  async apply(actorId: number, query: SlotImportQuery, body: Readable): Promise<SlotImportApplied> {
    const file = await readSlotFile(query.format, body);
    if (!file.rows.size) throw unprocessable('No row of the file can be imported.', { file: ['No row of the file can be imported.'] });
    return this.em.fork().transactional(async (tx) => {
      await this.slots.lockImports(tx);
      const plan = await this.plan(tx, file);
      const providers = await this.slots.ensureProviders(tx, [...new Set(plan.created.map((r) => r.provider))]);
      const created: SlotFacts[] = plan.created.map((row) => ({
        name: row.name,
        provider_id: providers.get(row.provider.toLowerCase())!,
        image_url: row.image_url ?? null,
        rtp: row.rtp ?? [],
        volatility: row.volatility ?? null,
        max_win_x: row.max_win_x ?? null,
        release_date: row.release_date ?? null,
        features: row.features ?? [],
        themes: row.themes ?? [],
      }));
      for (let i = 0; i < created.length; i += WRITE_CHUNK) await this.slots.insert(tx, created.slice(i, i + WRITE_CHUNK));
      const changed = plan.changed.map((c) => ({ ...c.facts, id: c.id }));
      for (let i = 0; i < changed.length; i += WRITE_CHUNK) await this.slots.update(tx, changed.slice(i, i + WRITE_CHUNK));
      const outcome = {
        created: created.length,
        changed: changed.length,
        unchanged: plan.unchanged,
        new_providers: plan.newProviders.length,
      };
      if (outcome.created || outcome.changed) {
        await this.audit.record(tx, { actorId, action: 'slot.import', entity: 'slot', after: { format: query.format, ...outcome } });
      }
      return outcome;
    });
  }

  private async plan(em: EntityManager, file: SlotFile): Promise<Plan> {
    const rows = [...file.rows.values()];
    const existing = await this.slots.byKeys(em, rows);
    const knownProviders = await this.slots.providerIds(em, [...new Set(rows.map((r) => r.provider))]);
    const plan: Plan = { file, created: [], changed: [], unchanged: 0, newProviders: [] };
    const newProviders = new Map<string, string>();
    for (const [key, row] of file.rows) {
      const slot = existing.get(key);
      if (!slot) {
        plan.created.push(row);
        const provider = row.provider.toLowerCase();
        if (!knownProviders.has(provider) && !newProviders.has(provider)) newProviders.set(provider, row.provider);
        continue;
      }
      const facts = factsOf(slot);
      const fields: string[] = [];
      if (row.name !== slot.name) fields.push('name');
      for (const field of FACT_FIELDS) {
        if (row[field] !== undefined && !same(row[field], slot[field])) fields.push(field);
      }
      if (!fields.length) {
        plan.unchanged += 1;
        continue;
      }
      const merged = { ...facts, name: row.name };
      for (const field of FACT_FIELDS) if (row[field] !== undefined) Object.assign(merged, { [field]: row[field] });
      plan.changed.push({ row, id: slot.id, facts: merged, fields });
    }
    plan.newProviders = [...newProviders.values()];
    return plan;
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(SLOT_TEXTS.duplicate);
      throw error;
    }
  }
}
