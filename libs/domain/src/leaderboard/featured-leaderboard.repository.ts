import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The board on stream (featured_items, kind 'leaderboard', item_id a platform): the chosen platform while it is active,
 * else the first active one in display order (the board the site shows first, which the overlay always showed).
 */
export async function resolveFeaturedLeaderboard(em: EntityManager): Promise<{ id: number; slug: string } | null> {
  const [row] = await em.execute<{ id: number; slug: string }[]>(
    `select p.id, p.slug from leaderboard_platforms p
     left join featured_items f on f.kind = 'leaderboard' and f.item_id = p.id
     where p.is_active
     order by (f.item_id is not null) desc, p.display_order asc, p.id asc
     limit 1`,
  );
  return row ?? null;
}

/** Only an active platform (a board the site shows) can go on stream. */
export async function featurablePlatform(em: EntityManager, id: number): Promise<boolean> {
  return (await em.execute('select 1 from leaderboard_platforms where id = ? and is_active', [id])).length > 0;
}
