import type { Client } from 'pg';
import type { AdminRecord, Overlays } from './admin';
import type { SoakLedger } from './world';

/**
 * The exact checks: what the bench was told was done against what the database and the overlays show. Each line is
 * a problem; none means no entry, prediction, redemption, award or push was lost or recorded twice.
 */
export async function exactChecks(
  db: Client,
  ledger: SoakLedger,
  admin: AdminRecord,
  overlays: Overlays,
): Promise<{ counts: Record<string, string>; problems: string[] }> {
  const problems: string[] = [];
  const counts: Record<string, string> = {};
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];

  /** Per (subject, member): acknowledged pairs must be there once, nothing may be there twice. */
  const pairs = async (what: string, acked: Map<number, Set<number>>, sql: string) => {
    const found = new Map<string, number>();
    for (const r of await rows<{ subject: number; user_id: number; n: string }>(sql)) found.set(`${r.subject}:${r.user_id}`, Number(r.n));
    let ackedCount = 0;
    let lost = 0;
    for (const [subject, members] of acked)
      for (const member of members) {
        ackedCount++;
        if (!found.has(`${subject}:${member}`)) lost++;
      }
    const twice = [...found.values()].filter((n) => n > 1).length;
    counts[what] = `${ackedCount} acknowledged, ${found.size} in the database`;
    if (lost) problems.push(`${lost} acknowledged ${what} missing from the database`);
    if (twice) problems.push(`${twice} ${what} recorded more than once`);
  };
  await pairs('raffle entries', ledger.entries, 'select raffle_id as subject, user_id, count(*) as n from raffle_entries group by 1, 2');
  await pairs(
    'hunt predictions',
    ledger.huntPredictions,
    'select hunt_id as subject, user_id, count(*) as n from hunt_predictions group by 1, 2',
  );
  await pairs(
    'tournament predictions',
    ledger.tournamentPredictions,
    // One row per pick: a member's picks for the first round are one per match, so per match counts double-saves.
    'select tournament_id as subject, user_id, max(n) as n from (select tournament_id, user_id, match_id, count(*) as n from tournament_predictions group by 1, 2, 3) p group by 1, 2',
  );

  const redemptions = await rows<{ key: string; n: string }>(
    'select idempotency_key as key, count(*) as n from store_redemptions group by 1',
  );
  const byKey = new Map(redemptions.map((r) => [r.key, Number(r.n)]));
  const lostRedemptions = [...ledger.redeemed].filter((k) => !byKey.has(k)).length;
  const strangers = [...byKey.keys()].filter((k) => !ledger.redeemTried.has(k)).length;
  counts.redemptions = `${ledger.redeemed.size} acknowledged, ${byKey.size} in the database`;
  if (lostRedemptions) problems.push(`${lostRedemptions} acknowledged redemptions missing`);
  if ([...byKey.values()].some((n) => n > 1)) problems.push('a redemption key recorded more than once');
  if (strangers) problems.push(`${strangers} redemptions the bench never asked for`);

  const messageIds = async (type: string) =>
    new Set((await rows<{ message_id: string }>('select message_id from kick_messages where type = $1', [type])).map((r) => r.message_id));
  const stored: Record<string, Set<string>> = {};
  for (const [type, kept] of [
    ['chat.message.sent', ledger.chats],
    ['kicks.gifted', ledger.gifts],
  ] as const) {
    stored[type] = await messageIds(type);
    const lost = [...kept].filter((id) => !stored[type]!.has(id)).length;
    // More stored than acknowledged is a delivery applied whose answer was lost and whose retry was refused: Kick would
    // deliver it again and be answered 200 (a duplicate). Fewer is a loss.
    counts[type] = `${kept.size} acknowledged, ${stored[type]!.size} in the database`;
    if (lost) problems.push(`${lost} acknowledged ${type} deliveries missing`);
  }
  // One award per gift stored: a re-sent copy (same message id) or a retry must not earn twice.
  const gifts = stored['kicks.gifted']!.size;
  const [awards] = await rows<{ n: string }>(`select count(*) as n from activity_awards where source = 'kicks'`);
  counts['kicks awards'] = `${gifts} distinct gifts stored (+${ledger.giftDuplicatesSent} re-sent), ${awards!.n} awards`;
  if (Number(awards!.n) !== gifts) problems.push(`kicks awards ${awards!.n} ≠ ${gifts} distinct gifts stored`);
  const [mismatched] = await rows<{ n: string }>(
    'select count(*) as n from wallets w where w.balance <> (select coalesce(sum(delta), 0) from points_ledger l where l.user_id = w.user_id)',
  );
  if (Number(mismatched!.n)) problems.push(`${mismatched!.n} wallets differ from their ledger`);

  for (const draw of admin.draws) {
    const [winners] = await rows<{ n: string }>('select count(*) as n from raffle_winners where raffle_id = $1', [draw.raffleId]);
    const entrants = ledger.entries.get(draw.raffleId)?.size ?? 0;
    if (Number(winners!.n) !== draw.winners || draw.winners !== Math.min(3, entrants))
      problems.push(`raffle ${draw.raffleId}: ${winners!.n} winners stored, ${draw.winners} answered, ${entrants} entrants`);
  }
  counts.draws = `${admin.draws.length} raffles drawn`;

  const pushes = (what: string, keys: number[], watcher: Overlays['hunt']) => {
    const lost = keys.filter((k) => !watcher.keys.has(k)).length;
    counts[`${what} pushes`] = `${keys.length} changes, ${keys.length - lost} seen by the overlay, ${watcher.duplicates} duplicated`;
    if (lost) problems.push(`${lost} ${what} pushes never reached the overlay`);
    if (watcher.duplicates) problems.push(`${watcher.duplicates} ${what} pushes reached the overlay twice`);
  };
  pushes('hunt:game', admin.huntWins, overlays.hunt);
  pushes('tournament:match', admin.matchWinners, overlays.tournament);
  for (const failed of admin.failed) problems.push(`admin: ${failed}`);
  for (const [kind, n] of Object.entries(ledger.failed)) problems.push(`${n} ${kind} still failing after 10 tries`);
  return { counts, problems };
}
