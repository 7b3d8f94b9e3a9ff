import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PROFILE_NOT_FOUND, isPossibleUsername, xpBar, type PublicProfile } from '@kickback/contracts';
import { notFound, isoOrNull } from '@kickback/platform';
import { ProgressionService } from '../progression/progression.service';
import { ProfilesRepository } from './profiles.repository';
import { friendshipView } from './friendship-view';

/** GET /api/r/user/{username}: one statement for the profile, one Redis read for the rank (kept by the worker). */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesRepository,
    private readonly progression: ProgressionService,
  ) {}

  async profile(username: string, viewerId: number | null): Promise<PublicProfile> {
    if (!isPossibleUsername(username)) throw notFound(PROFILE_NOT_FOUND.title);
    const row = await this.profiles.profile(this.em.fork(), username, viewerId);
    if (!row) throw notFound(PROFILE_NOT_FOUND.title);
    const [rank, counters] = await Promise.all([this.progression.rankOf(row.id), this.progression.counters(row.id)]);
    const bar = xpBar(row.xp);
    const friendship = friendshipView(viewerId, row.id, row.friendship);
    const achievements = row.achievements.map(({ counter, threshold, ...a }) => ({
      ...a,
      title: a.name,
      unlocked_at: isoOrNull(a.unlocked_at),
      // Counted the way the rule counts, capped so a count past the threshold (unlocking pending) reads as complete.
      progress: a.unlocked ? null : { current: Math.min(counters[counter] ?? 0, threshold), target: threshold },
    }));
    const achievementsCount = achievements.filter((a) => a.unlocked).length;
    const recent = {
      bonus_hunt_predictions: row.recent.bonus_hunt_predictions.map((p) => ({ ...p, created_at: isoOrNull(p.created_at)! })),
      tournament_predictions: row.recent.tournament_predictions.map((p) => ({ ...p, created_at: isoOrNull(p.created_at)! })),
      raffle_entries: row.recent.raffle_entries.map((e) => ({ ...e, id: Number(e.id), created_at: isoOrNull(e.created_at)! })),
    };
    const createdAt = isoOrNull(row.created_at)!;
    const lastSeen = isoOrNull(row.last_seen_at);
    const twitter = row.twitter_user ? `https://x.com/${encodeURIComponent(row.twitter_user)}` : null;
    return {
      id: row.id,
      username: row.username,
      display_name: row.name,
      global_name: row.name,
      kick_username: row.kick_username,
      avatar: row.avatar_url,
      avatar_url: row.avatar_url,
      bio: row.bio,
      level: bar.level,
      rank,
      xp: row.xp,
      xp_next_level: bar.xp_next_level,
      points: row.points,
      created_at: createdAt,
      member_since: createdAt,
      last_active: lastSeen,
      last_seen: lastSeen,
      twitter,
      twitter_user: row.twitter_user,
      youtube_user: row.youtube_user,
      website: row.website,
      badges: row.badges,
      achievements,
      achievements_count: achievementsCount,
      bonus_hunt_predictions: row.hunt_predictions,
      tournament_predictions: row.tournament_predictions,
      raffle_entries: row.raffle_entries,
      total_predictions: row.hunt_predictions + row.tournament_predictions,
      friends_count: row.friends_count,
      stats: {
        bonus_hunt_predictions: row.hunt_predictions,
        tournament_predictions: row.tournament_predictions,
        raffle_entries: row.raffle_entries,
        achievement_count: achievementsCount,
        rank,
        total_predictions: row.hunt_predictions + row.tournament_predictions,
        friends_count: row.friends_count,
      },
      recent_activity: recent,
      is_own_profile: viewerId === row.id,
      friendship,
      can_send_request: friendship.can_send_request,
      can_accept: friendship.can_accept,
      can_decline: friendship.can_decline,
      can_remove: friendship.can_remove,
    };
  }
}
