import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The race on stream (featured_items, kind 'race'): the chosen race while it is visible and not cancelled (a finished
 * one stays, showing its final standings), else the visible live race that ends first, else the next to start.
 */
export async function featuredRaceId(em: EntityManager): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>(
    `select r.id from races r
     left join featured_items f on f.kind = 'race' and f.item_id = r.id
     where r.is_visible and (f.item_id is not null and r.status <> 'cancelled' or r.status in ('upcoming', 'live'))
     order by (f.item_id is not null) desc, (r.starts_at <= now()) desc,
              case when r.starts_at <= now() then r.ends_at else r.starts_at end, r.id
     limit 1`,
  );
  return row?.id ?? null;
}

/** Only a visible race that is not cancelled can go on stream. */
export async function featurableRace(em: EntityManager, id: number): Promise<boolean> {
  return (await em.execute(`select 1 from races where id = ? and is_visible and status <> 'cancelled'`, [id])).length > 0;
}
