import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  PROFILE_RECENT_ACTIVITY_LIMIT,
  type ProfileAchievement,
  type ProfileBadge,
  type ProfileRecentActivity,
  type ProgressionCounter,
} from '@kickback/contracts';
import { VISIBLE_USER } from './friendships.repository';
import type { FriendshipFacts } from './friendship-view';

export interface ProfileRow {
  id: number;
  username: string;
  name: string;
  kick_username: string | null;
  avatar_url: string | null;
  bio: string;
  twitter_user: string | null;
  youtube_user: string | null;
  website: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  xp: number;
  points: number;
  hunt_predictions: number;
  tournament_predictions: number;
  raffle_entries: number;
  friends_count: number;
  badges: ProfileBadge[];
  achievements: (Omit<ProfileAchievement, 'title' | 'progress'> & { counter: ProgressionCounter; threshold: number })[];
  recent: ProfileRecentActivity;
  friendship: FriendshipFacts | null;
}

const LIMIT = PROFILE_RECENT_ACTIVITY_LIMIT;

/**
 * The whole public profile in one statement (one plan, no N+1; every part is a scalar subquery of the one member row,
 * so the planner's estimate stays at one row and never crosses the JIT threshold): the member, XP, points, counters, badges, the
 * achievements catalogue marked per member, the newest items of each activity list, and the viewer's friendship.
 * A read model: it reads the raffle, hunt, tournament and wallet tables read-only (docs/architecture-notes.md).
 */
const PROFILE_SQL = `
  with u as (select * from users u where lower(u.username) = lower(?) and ${VISIBLE_USER})
  select u.id, u.username, u.name, u.kick_username, u.avatar_url, u.bio, u.twitter_user, u.youtube_user, u.website,
    u.created_at, u.last_seen_at,
    coalesce((select x.xp from member_xp x where x.user_id = u.id), 0)::float8 as xp,
    coalesce((select w.balance from wallets w where w.user_id = u.id), 0)::float8 as points,
    (select count(*) from hunt_predictions p where p.user_id = u.id)::int as hunt_predictions,
    (select count(distinct tp.tournament_id) from tournament_predictions tp where tp.user_id = u.id)::int as tournament_predictions,
    (select count(*) from raffle_entries e where e.user_id = u.id)::int as raffle_entries,
    (select count(*) from friendships fr where fr.status = 'accepted' and u.id in (fr.sender_id, fr.receiver_id))::int as friends_count,
    (select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'icon', b.icon, 'description', b.description)
                              order by mb.granted_at, b.id), '[]')
       from member_badges mb join badges b on b.id = mb.badge_id where mb.user_id = u.id) as badges,
    (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'icon', a.icon, 'description', a.description,
                                                'category', a.category, 'unlocked', ma.unlocked_at is not null,
                                                'unlocked_at', ma.unlocked_at, 'counter', a.rule_counter,
                                                'threshold', a.rule_threshold)
                              order by ma.unlocked_at desc nulls last, a.position, a.id), '[]')
       from achievements a left join member_achievements ma on ma.achievement_id = a.id and ma.user_id = u.id
       where a.active or ma.unlocked_at is not null) as achievements,
    json_build_object(
      'bonus_hunt_predictions', (select coalesce(json_agg(r), '[]') from (
          select p.id, p.hunt_id, p.end_balance::float8 as end_balance, p.highest_multiplier::float8 as highest_multiplier,
                 p.highest_multiplier_game, p.created_at
          from hunt_predictions p where p.user_id = u.id order by p.created_at desc, p.id desc limit ${LIMIT}) r),
      'tournament_predictions', (select coalesce(json_agg(r), '[]') from (
          select tp.tournament_id, t.name as tournament_name, count(*)::int as picks, max(tp.created_at) as created_at
          from tournament_predictions tp join tournaments t on t.id = tp.tournament_id where tp.user_id = u.id
          group by tp.tournament_id, t.name order by max(tp.created_at) desc, tp.tournament_id desc limit ${LIMIT}) r),
      'raffle_entries', (select coalesce(json_agg(r), '[]') from (
          select e.id, e.raffle_id, ra.title as raffle_title, e.entry_type, e.tickets, e.created_at
          from raffle_entries e join raffles ra on ra.id = e.raffle_id where e.user_id = u.id
          order by e.created_at desc, e.id desc limit ${LIMIT}) r)
    ) as recent,
    (select json_build_object('id', f.id, 'sender_id', f.sender_id, 'status', f.status) from friendships f
      where ?::int is not null and least(f.sender_id, f.receiver_id) = least(u.id, ?::int)
        and greatest(f.sender_id, f.receiver_id) = greatest(u.id, ?::int)) as friendship
  from u`;

@Injectable()
export class ProfilesRepository {
  async profile(em: EntityManager, username: string, viewerId: number | null): Promise<ProfileRow | null> {
    const [row] = await em.execute<ProfileRow[]>(PROFILE_SQL, [username, viewerId, viewerId, viewerId]);
    return row ?? null;
  }
}
