import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminSlotCreate, CatalogueSlot, SlotProvider } from '@kickback/contracts';
import { AuditLogService, conflict, isUniqueViolation, notFound } from '@kickback/platform';
import { SlotCatalogueRepository, type SlotRow } from './slot-catalogue.repository';

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
    private readonly slots: SlotCatalogueRepository,
  ) {}

  async search(term: string, limit = 20): Promise<CatalogueSlot[]> {
    return (await this.slots.search(this.em.fork(), term, limit)).map(toSlot);
  }

  async providers(): Promise<SlotProvider[]> {
    return this.slots.providers(this.em.fork());
  }

  async createProvider(actorId: number, name: string): Promise<SlotProvider> {
    return this.audit.audited({ actorId, action: 'hunt.provider.create', entity: 'slot_provider' }, async (tx) => {
      const provider = await this.insertProvider(tx, name);
      return { entityId: provider.id, after: provider };
    });
  }

  /** A new slot; a provider named but unknown is created with it (case-insensitive match otherwise). */
  async createSlot(actorId: number, input: AdminSlotCreate): Promise<CatalogueSlot> {
    try {
      return await this.audit.audited({ actorId, action: 'hunt.slot.create', entity: 'slot' }, async (tx) => {
        let providerId = input.provider_id;
        if (providerId === undefined) {
          const existing = await this.slots.providerIdByName(tx, input.provider_name!);
          providerId = existing ?? (await this.insertProvider(tx, input.provider_name!)).id;
        } else if (!(await this.slots.providerExists(tx, providerId))) {
          throw notFound('Provider not found.');
        }
        const slot = toSlot(await this.slots.insertSlot(tx, input.name, providerId, input.image_url));
        return { entityId: slot.id, after: slot };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That slot already exists for this provider.');
      throw error;
    }
  }

  private async insertProvider(tx: EntityManager, name: string): Promise<SlotProvider> {
    try {
      return await this.slots.insertProvider(tx, name);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That provider already exists.');
      throw error;
    }
  }
}
