import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivitySource } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { standaloneEconomy } from '../economy/economy.service';
import { ActivityRepository } from './activity.repository';
import { ActivityAwardsService } from './activity-awards.service';

/** StreamBoss's Kick id in the demo seed: the channel, excluded from earning like a bot. */
const DEMO_BROADCASTER = 70_001;
const DEMO_BOT = 70_900;

/**
 * The Activity section populated: the channel's broadcaster id, a chat bot excluded, a channel reward mapped, and
 * last night's stream with the awards two demo members earned in chat, by following and by gifting Kicks. The stream
 * is over, so the site starts offline. Idempotent: award keys are unique and the stream is added once.
 */
export async function seedActivity(em: EntityManager): Promise<void> {
  const repository = new ActivityRepository();
  await em.execute(`update activity_settings set broadcaster_user_id = ? where id = 1 and broadcaster_user_id is null`, [DEMO_BROADCASTER]);
  await repository.putExclusion(em, { kick_user_id: DEMO_BOT, label: 'BotRix (chat bot)' });
  await repository.putReward(em, { reward_id: 'hydrate', title: 'Hydrate!', points: 100 });
  const [existing] = await em.execute<{ id: string }[]>(`select id::text as id from activity_streams order by id limit 1`);
  const ended = new Date(Date.now() - 20 * 3600_000);
  const streamId = existing?.id ?? (await repository.openStream(em, new Date(ended.getTime() - 3 * 3600_000)));
  if (!existing) await repository.closeStreams(em, ended);
  const awards = new ActivityAwardsService(repository, standaloneEconomy(em), new OutboxService());
  const members = await em.execute<{ id: number; kick_user_id: string }[]>(
    `select id, kick_user_id::text as kick_user_id from users where is_demo and kick_user_id in (70003, 70004) order by id`,
  );
  const earned: [ActivitySource, number, string][] = [
    ['chat', 5, 'chat-1'],
    ['chat', 5, 'chat-2'],
    ['follow', 50, 'follow'],
    ['kicks', 100, 'kicks-1'],
  ];
  for (const member of members)
    for (const [source, points, key] of earned)
      await awards.award(em, {
        key: source === 'follow' ? `follow:${member.kick_user_id}` : `demo:${member.kick_user_id}:${key}`,
        source,
        kickUserId: Number(member.kick_user_id),
        userId: member.id,
        streamId,
        points,
        xp: points,
      });
}
