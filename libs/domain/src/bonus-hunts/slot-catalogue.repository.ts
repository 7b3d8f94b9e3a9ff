import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogueSlot, SlotProvider } from '@kickback/contracts';

/** A slot as stored, with its provider's columns flat. */
export type SlotRow = Pick<CatalogueSlot, 'id' | 'name' | 'image_url'> & { provider_id: number; provider_name: string };

/** The slots and providers hunts are built from. Inserts raise unique violations for the caller to word. */
@Injectable()
export class SlotCatalogueRepository {
  /** Slots whose name or provider contains `term` (case-insensitive), names starting with it first. */
  async search(em: EntityManager, term: string, limit: number): Promise<SlotRow[]> {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return em.execute<SlotRow[]>(
      `select s.id, s.name, s.image_url, p.id as provider_id, p.name as provider_name
       from slots s join slot_providers p on p.id = s.provider_id
       where lower(s.name) like ? or lower(p.name) like ?
       order by (lower(s.name) like ?) desc, lower(s.name), s.id limit ?`,
      [pattern, pattern, `${pattern.slice(1)}`, limit],
    );
  }

  async slotName(em: EntityManager, slotId: number): Promise<string | null> {
    const [row] = await em.execute<{ name: string }[]>('select name from slots where id = ?', [slotId]);
    return row?.name ?? null;
  }

  async providers(em: EntityManager): Promise<SlotProvider[]> {
    return em.execute<SlotProvider[]>('select id, name from slot_providers order by lower(name)');
  }

  async providerIdByName(em: EntityManager, name: string): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>('select id from slot_providers where lower(name) = lower(?)', [name]);
    return row?.id ?? null;
  }

  async providerExists(em: EntityManager, id: number): Promise<boolean> {
    return (await em.execute('select 1 from slot_providers where id = ?', [id])).length > 0;
  }

  async insertProvider(em: EntityManager, name: string): Promise<SlotProvider> {
    const [row] = await em.execute<SlotProvider[]>('insert into slot_providers (name) values (?) returning id, name', [name]);
    return row!;
  }

  async insertSlot(em: EntityManager, name: string, providerId: number, imageUrl: string | null): Promise<SlotRow> {
    const [row] = await em.execute<SlotRow[]>(
      `with s as (insert into slots (name, provider_id, image_url) values (?, ?, ?) returning id, name, image_url, provider_id)
       select s.*, p.name as provider_name from s join slot_providers p on p.id = s.provider_id`,
      [name, providerId, imageUrl],
    );
    return row!;
  }
}
