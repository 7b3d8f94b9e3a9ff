import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminSlotCreate, CatalogueSlot, SlotProvider } from '@kickback/contracts';
import { AuditLogService, conflict, isUniqueViolation, notFound } from '@kickback/platform';

interface SlotRow {
  id: number;
  name: string;
  image_url: string | null;
  provider_id: number;
  provider_name: string;
}

const toSlot = (r: SlotRow): CatalogueSlot => ({
  id: r.id,
  name: r.name,
  image_url: r.image_url,
  provider: { id: r.provider_id, name: r.provider_name },
});

/** The slots and providers admins pick from when building a hunt. */
@Injectable()
export class SlotCatalogueService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
  ) {}

  async search(term: string, limit = 20): Promise<CatalogueSlot[]> {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.em.fork().execute<SlotRow[]>(
      `select s.id, s.name, s.image_url, p.id as provider_id, p.name as provider_name
       from slots s join slot_providers p on p.id = s.provider_id
       where lower(s.name) like ? or lower(p.name) like ?
       order by (lower(s.name) like ?) desc, lower(s.name), s.id limit ?`,
      [pattern, pattern, `${pattern.slice(1)}`, limit],
    );
    return rows.map(toSlot);
  }

  async providers(): Promise<SlotProvider[]> {
    return this.em.fork().execute<SlotProvider[]>('select id, name from slot_providers order by lower(name)');
  }

  async createProvider(actorId: number, name: string): Promise<SlotProvider> {
    return this.em.fork().transactional(async (tx) => {
      const provider = await this.insertProvider(tx, name);
      await this.audit.record(tx, {
        actorId,
        action: 'hunt.provider.create',
        entity: 'slot_provider',
        entityId: provider.id,
        after: provider,
      });
      return provider;
    });
  }

  /** A new slot; a provider named but unknown is created with it (case-insensitive match otherwise). */
  async createSlot(actorId: number, input: AdminSlotCreate): Promise<CatalogueSlot> {
    try {
      return await this.em.fork().transactional(async (tx) => {
        let providerId = input.provider_id;
        if (providerId === undefined) {
          const [existing] = await tx.execute<{ id: number }[]>('select id from slot_providers where lower(name) = lower(?)', [
            input.provider_name!,
          ]);
          providerId = existing ? existing.id : (await this.insertProvider(tx, input.provider_name!)).id;
        } else {
          const [known] = await tx.execute('select 1 from slot_providers where id = ?', [providerId]);
          if (!known) throw notFound('Provider not found.');
        }
        const [row] = await tx.execute<SlotRow[]>(
          `with s as (insert into slots (name, provider_id, image_url) values (?, ?, ?) returning id, name, image_url, provider_id)
           select s.*, p.name as provider_name from s join slot_providers p on p.id = s.provider_id`,
          [input.name, providerId, input.image_url],
        );
        const slot = toSlot(row!);
        await this.audit.record(tx, { actorId, action: 'hunt.slot.create', entity: 'slot', entityId: slot.id, after: slot });
        return slot;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That slot already exists for this provider.');
      throw error;
    }
  }

  private async insertProvider(tx: EntityManager, name: string): Promise<SlotProvider> {
    try {
      const [row] = await tx.execute<SlotProvider[]>('insert into slot_providers (name) values (?) returning id, name', [name]);
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That provider already exists.');
      throw error;
    }
  }
}
