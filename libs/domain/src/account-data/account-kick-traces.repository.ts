import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_MEMBER_NAME } from '@kickback/contracts';
import { mentionsKick, scrubKickText, type KickTraces } from './kick-trace-text';

/**
 * The rows a deletion rewrites so that nothing names the member's Kick account: the follow award's key wherever it was
 * copied (ledger reference, XP award key, events), the Kick ban on the member's row, the Kick id in audit details, and
 * any event of theirs still naming the account. Money and XP rows stay; only their texts change.
 */
@Injectable()
export class AccountKickTracesRepository {
  /** Runs in the deletion's transaction, before the row loses its Kick id; null when no Kick account was linked. */
  async scrub(em: EntityManager, userId: number): Promise<KickTraces | null> {
    const [member] = await em.execute<{ kick_user_id: string | null; kick_username: string | null }[]>(
      'select kick_user_id::text as kick_user_id, kick_username from users where id = ?',
      [userId],
    );
    await em.execute('update users set kick_banned_until = null where id = ?', [userId]);
    if (!member?.kick_user_id) return null;
    const kickUserId = member.kick_user_id;
    // Award keys built from the Kick id (`follow:<id>`, `<event type>:<id>:<time>`) become `deleted-member:<award id>`,
    // and so does every copy of them: the ledger's reference and idempotency key, the XP award key, events and jobs.
    const awards = await em.execute<{ id: string; key: string }[]>(
      `select id::text as id, key from activity_awards where (user_id = ? or kick_user_id = ?::bigint) and key ~ ?`,
      [userId, kickUserId, `(^|[^0-9])${kickUserId}([^0-9]|$)`],
    );
    const rewrites: [string, string][] = awards.map((a) => [a.key, `deleted-member:${a.id}`]);
    const traces: KickTraces = {
      kickUserId,
      kickName: member.kick_username,
      pseudonym: `${DELETED_MEMBER_NAME} #${userId}`,
      rewrites: rewrites.sort(([a], [b]) => b.length - a.length),
    };
    for (const [from, to] of rewrites) {
      await em.execute('update activity_awards set key = ? where key = ?', [to, from]);
      await em.execute('update points_ledger set reference = ? where user_id = ? and reference = ?', [to, userId, from]);
      await em.execute(`update points_ledger set idempotency_key = 'deleted-member:' || id where user_id = ? and idempotency_key = ?`, [
        userId,
        `activity:${from}`,
      ]);
      await em.execute('update xp_ledger set award_key = ? where user_id = ? and award_key = ?', [
        `activity:${to}`,
        userId,
        `activity:${from}`,
      ]);
    }
    await em.execute(
      `update audit_logs set after = after - 'kick_user_id' where action = 'raffle.entries-voided' and after->>'kick_user_id' = ?`,
      [kickUserId],
    );
    // Events about the member (30 days of them are kept): rewritten in place, so a consumer that has not read one yet
    // still applies it, under the rewritten key.
    const events = await em.execute<{ id: string; payload: string }[]>(
      `select id::text as id, payload::text as payload from outbox_events where payload->>'userId' = ? or payload::text ~ ?`,
      [String(userId), `(^|[^0-9])${kickUserId}([^0-9]|$)`],
    );
    for (const event of events)
      if (mentionsKick(event.payload, traces))
        await em.execute('update outbox_events set payload = ?::jsonb where id = ?', [scrubKickText(event.payload, traces), event.id]);
    return traces;
  }
}
