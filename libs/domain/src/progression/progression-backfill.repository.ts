import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { XP_AWARDS } from './xp-awards';

/**
 * The awards the existing tables imply, with the keys the worker's handlers use (xp-awards.ts `awardKeys`), so the
 * backfill and the worker never count one action twice. A one-off read of other features' tables, for data written
 * before progression existed (the relay had marked those events published with no consumer).
 */
const IMPLIED_AWARDS = `
  select user_id, 'login' as source, ${XP_AWARDS.login} as xp,
         'login:' || id || ':' || to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD') as award_key, last_seen_at as created_at
    from (select id, id as user_id, last_seen_at from users where last_seen_at is not null) u
  union all
  select user_id, 'raffle_entry', ${XP_AWARDS.raffle_entry}, 'raffle-entry:' || id, created_at from raffle_entries
  union all
  select user_id, 'hunt_prediction', ${XP_AWARDS.hunt_prediction}, 'hunt-prediction:' || hunt_id || ':' || user_id, created_at
    from hunt_predictions
  union all
  select user_id, 'tournament_prediction', ${XP_AWARDS.tournament_prediction},
         'tournament-prediction:' || tournament_id || ':' || user_id, min(created_at)
    from tournament_predictions group by tournament_id, user_id
  union all
  select p.user_id, 'hunt_scored', case when p.points_awarded > 0 then ${XP_AWARDS.hunt_won} else ${XP_AWARDS.hunt_scored} end,
         'hunt-scored:' || p.hunt_id || ':' || p.user_id, h.scored_at
    from hunt_predictions p join hunts h on h.id = p.hunt_id where h.scored_at is not null
  union all
  select tp.user_id, 'tournament_scored', ${XP_AWARDS.tournament_scored},
         'tournament-scored:' || tp.tournament_id || ':' || tp.user_id, min(t.completed_at)
    from tournament_predictions tp join tournaments t on t.id = tp.tournament_id
   where t.completed_at is not null group by tp.tournament_id, tp.user_id
  union all
  select user_id, 'redemption', ${XP_AWARDS.redemption}, 'redemption:' || id, created_at from store_redemptions
  union all
  select user_id, 'ticket', ${XP_AWARDS.ticket}, 'ticket:' || id, created_at from tickets
  union all
  select user_id, 'ticket_resolved', ${XP_AWARDS.ticket_resolved}, 'ticket-resolved:' || id, updated_at from tickets where status = 'resolved'
  union all
  select f.member, 'friend', ${XP_AWARDS.friend},
         'friend:' || least(f.sender_id, f.receiver_id) || '-' || greatest(f.sender_id, f.receiver_id) || ':' || f.member, f.accepted_at
    from (select sender_id, receiver_id, accepted_at, unnest(array[sender_id, receiver_id]) as member
            from friendships where status = 'accepted') f`;

@Injectable()
export class ProgressionBackfillRepository {
  /** Inserts the implied awards not yet in the ledger; returns how many were new. */
  async insertImpliedAwards(tx: EntityManager): Promise<number> {
    const rows = await tx.execute<{ id: string }[]>(
      `insert into xp_ledger (user_id, source, xp, award_key, created_at)
       select user_id, source, xp, award_key, created_at from (${IMPLIED_AWARDS}) a order by created_at, award_key
       on conflict (award_key) do nothing returning id`,
    );
    return rows.length;
  }
}
