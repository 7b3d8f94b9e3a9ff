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

/** Puts `id` on stream; answers the previous choice (null when none). */
export async function chooseFeaturedTournament(em: EntityManager, id: number): Promise<number | null> {
  const [before] = await em.execute<{ item_id: number }[]>(`select item_id from featured_items where kind = 'tournament' for update`);
  await em.execute(
    `insert into featured_items (kind, item_id) values ('tournament', ?)
     on conflict (kind) do update set item_id = excluded.item_id, updated_at = now()`,
    [id],
  );
  return before?.item_id ?? null;
}
