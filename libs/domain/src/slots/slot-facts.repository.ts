import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogueSlotDetail } from '@kickback/contracts';

/** A slot's stored facts in the shape the API answers (numbers as numbers, the date as YYYY-MM-DD). */
export type SlotFacts = Omit<CatalogueSlotDetail, 'id' | 'provider'> & { provider_id: number };

interface DetailRow extends SlotFacts {
  id: number;
  provider_name: string;
}

/** numeric(5,2) and numeric(12,2) read as float8 are the same two-decimal numbers; the date as its ISO text. */
const DETAIL_COLUMNS = `s.id, s.name, s.image_url, s.rtp::float8[] as rtp, s.volatility, s.max_win_x::float8 as max_win_x,
  to_char(s.release_date, 'YYYY-MM-DD') as release_date, s.features, s.themes, p.id as provider_id, p.name as provider_name`;

export const toDetail = (r: DetailRow): CatalogueSlotDetail => ({
  id: r.id,
  name: r.name,
  provider: { id: r.provider_id, name: r.provider_name },
  image_url: r.image_url,
  rtp: r.rtp,
  volatility: r.volatility,
  max_win_x: r.max_win_x,
  release_date: r.release_date,
  features: r.features,
  themes: r.themes,
});

/** The catalogue slots with their facts, as admins edit and import them. */
@Injectable()
export class SlotFactsRepository {
  async page(em: EntityManager, search: string, limit: number, offset: number): Promise<{ total: number; rows: CatalogueSlotDetail[] }> {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = 'where lower(s.name) like ? or lower(p.name) like ?';
    const [rows, [count]] = await Promise.all([
      em.execute<DetailRow[]>(
        `select ${DETAIL_COLUMNS} from slots s join slot_providers p on p.id = s.provider_id ${where}
         order by lower(s.name), lower(p.name), s.id limit ? offset ?`,
        [pattern, pattern, limit, offset],
      ),
      em.execute<{ n: number }[]>(`select count(*)::int as n from slots s join slot_providers p on p.id = s.provider_id ${where}`, [
        pattern,
        pattern,
      ]),
    ]);
    return { total: count!.n, rows: rows.map(toDetail) };
  }

  async byId(em: EntityManager, id: number, lock = false): Promise<CatalogueSlotDetail | null> {
    const [row] = await em.execute<DetailRow[]>(
      `select ${DETAIL_COLUMNS} from slots s join slot_providers p on p.id = s.provider_id where s.id = ?${lock ? ' for update of s' : ''}`,
      [id],
    );
    return row ? toDetail(row) : null;
  }

  /** The slots a file names, by the match key `lower(name) \t lower(provider)`. */
  async byKeys(em: EntityManager, keys: { name: string; provider: string }[]): Promise<Map<string, CatalogueSlotDetail>> {
    if (!keys.length) return new Map();
    const rows = await em.execute<DetailRow[]>(
      `select ${DETAIL_COLUMNS} from slots s join slot_providers p on p.id = s.provider_id
       join jsonb_to_recordset(?::jsonb) as k(name text, provider text) on lower(s.name) = k.name and lower(p.name) = k.provider`,
      [JSON.stringify(keys.map((k) => ({ name: k.name.toLowerCase(), provider: k.provider.toLowerCase() })))],
    );
    return new Map(rows.map((r) => [matchKey(r.name, r.provider_name), toDetail(r)]));
  }

  /** Provider ids by lower-case name, for the names given that exist. */
  async providerIds(em: EntityManager, names: string[]): Promise<Map<string, number>> {
    if (!names.length) return new Map();
    const rows = await em.execute<{ id: number; key: string }[]>(
      'select id, lower(name) as key from slot_providers where lower(name) in (select jsonb_array_elements_text(?::jsonb))',
      [JSON.stringify(names.map((n) => n.toLowerCase()))],
    );
    return new Map(rows.map((r) => [r.key, r.id]));
  }

  /** Adds the providers not there yet (a concurrent writer's row wins its name) and answers every name's id. */
  async ensureProviders(em: EntityManager, names: string[]): Promise<Map<string, number>> {
    if (names.length) {
      await em.execute(
        'insert into slot_providers (name) select jsonb_array_elements_text(?::jsonb) on conflict ((lower(name))) do nothing',
        [JSON.stringify(names)],
      );
    }
    return this.providerIds(em, names);
  }

  async insert(em: EntityManager, slots: SlotFacts[]): Promise<number[]> {
    if (!slots.length) return [];
    const rows = await em.execute<{ id: number }[]>(
      `insert into slots (name, provider_id, image_url, rtp, volatility, max_win_x, release_date, features, themes)
       select r.name, r.provider_id, r.image_url, r.rtp, r.volatility, r.max_win_x, r.release_date, r.features, r.themes
       from jsonb_to_recordset(?::jsonb) as r(name text, provider_id int, image_url text, rtp numeric[], volatility text,
         max_win_x numeric, release_date date, features text[], themes text[])
       returning id`,
      [JSON.stringify(slots)],
    );
    return rows.map((r) => r.id);
  }

  /** Writes each slot's whole set of facts (the caller merged what changed into what was there). */
  async update(em: EntityManager, slots: (SlotFacts & { id: number })[]): Promise<void> {
    if (!slots.length) return;
    await em.execute(
      `update slots s set name = r.name, provider_id = r.provider_id, image_url = r.image_url, rtp = r.rtp, volatility = r.volatility,
         max_win_x = r.max_win_x, release_date = r.release_date, features = r.features, themes = r.themes, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as r(id int, name text, provider_id int, image_url text, rtp numeric[], volatility text,
         max_win_x numeric, release_date date, features text[], themes text[])
       where s.id = r.id`,
      [JSON.stringify(slots)],
    );
  }

  /** Serialises catalogue imports: each plans against what the one before it wrote. */
  async lockImports(em: EntityManager): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('slot-catalogue-import'))`);
  }
}

/** A slot is the same slot when its name and its provider's name match, whatever their case. */
export const matchKey = (name: string, provider: string) => `${name.toLowerCase()}\t${provider.toLowerCase()}`;

export const factsOf = (slot: CatalogueSlotDetail): SlotFacts => ({
  name: slot.name,
  provider_id: slot.provider.id,
  image_url: slot.image_url,
  rtp: slot.rtp,
  volatility: slot.volatility,
  max_win_x: slot.max_win_x,
  release_date: slot.release_date,
  features: slot.features,
  themes: slot.themes,
});
