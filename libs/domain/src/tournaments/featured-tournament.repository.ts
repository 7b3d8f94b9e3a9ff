import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The tournament on stream (featured_items, kind 'tournament'): the chosen one while it is active and not archived,
 * else the newest active one (what the bracket overlay always showed).
 */
export async function resolveFeaturedTournament(em: EntityManager): Promise<number | null> {
  const [row] = await em.execute<{ id: number | null }[]>(
    `select coalesce(
       (select t.id from featured_items f join tournaments t on t.id = f.item_id
        where f.kind = 'tournament' and t.is_active and t.archived_at is null),
       (select t.id from tournaments t where t.is_active and t.archived_at is null order by t.id desc limit 1)
     ) as id`,
  );
  return row?.id ?? null;
}

/** Only an active tournament still listed can go on stream. */
export async function featurableTournament(em: EntityManager, id: number): Promise<boolean> {
  return (await em.execute('select 1 from tournaments where id = ? and is_active and archived_at is null', [id])).length > 0;
}
