import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { intArrayLiteral } from '@kickback/platform';

/** What the admin's entry list reads to mark entrants that look like alts or bots. */
export interface FarmFacts {
  user_id: number;
  account_age_days: number;
  watched: boolean;
  chatted: boolean;
}

/** Facts for a page of entrants (at most a page's members: one indexed lookup each). */
@Injectable()
export class RaffleFarmSignalsRepository {
  facts(em: EntityManager, userIds: number[]): Promise<FarmFacts[]> {
    if (!userIds.length) return Promise.resolve([]);
    return em.execute<FarmFacts[]>(
      `select u.id as user_id, floor(extract(epoch from now() - u.created_at) / 86400)::int as account_age_days,
              exists (select 1 from activity_awards a where a.user_id = u.id and a.source = 'watch') as watched,
              (u.kick_user_id is not null and exists (select 1 from activity_awards a where a.kick_user_id = u.kick_user_id and a.source = 'chat'))
                or exists (select 1 from activity_awards a where a.user_id = u.id and a.source = 'chat') as chatted
       from users u where u.id = any(?::int[])`,
      [intArrayLiteral([...new Set(userIds)])],
    );
  }
}
