import type { DomainEvent, RaffleEntryAdded } from '@kickback/contracts';
import { DomainEventDispatcher } from '@kickback/platform';
import { integrationStack, createUser, waitFor, openRaffle } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { RaffleEntryService } from '../raffles/raffle-entry.service';
import { awardKeys, XP_AWARDS } from './xp-awards';

const CONSUMER = 'progression.xp.raffle.entries-added';

/** Raffle entries reach progression as one event per entry statement; the worker awards each entry once. */
describe('raffle entry XP through the worker', () => {
  const stack = integrationStack({ worker: true, admin: true });

  const createRaffle = (overrides: Record<string, unknown> = {}) => openRaffle(stack.admin, { title: 'XP raffle', ...overrides });

  interface StoredEvent {
    id: string;
    payload: { raffleId: number; entries: RaffleEntryAdded[] };
    created_at: Date;
  }
  const eventsOf = (raffleId: number) =>
    stack.em.fork().execute<StoredEvent[]>(
      `select id, payload, created_at from outbox_events
         where type = 'raffle.entries-added' and (payload ->> 'raffleId')::int = ? order by id`,
      [raffleId],
    );
  /** Resolves once the worker's progression consumer has applied every one of these events. */
  const processed = (events: StoredEvent[]) =>
    waitFor(
      async () => {
        const [row] = await stack.em
          .fork()
          .execute<{ n: number }[]>('select count(*)::int as n from processed_events where consumer = ? and event_id = any(?::bigint[])', [
            CONSUMER,
            `{${events.map((e) => e.id).join(',')}}`,
          ]);
        return row!.n === events.length;
      },
      20_000,
      'the worker to process the entries events',
    );
  const ledgerOf = (userIds: number[]) =>
    stack.em
      .fork()
      .execute<{ user_id: number; source: string; xp: number; award_key: string }[]>(
        'select user_id, source, xp, award_key from xp_ledger where user_id = any(?::int[]) order by id',
        [`{${userIds.join(',')}}`],
      );
  const xpOf = async (userIds: number[]) =>
    stack.em
      .fork()
      .execute<{ user_id: number; xp: string }[]>(
        'select user_id, xp::text from member_xp where user_id = any(?::int[]) order by user_id',
        [`{${userIds.join(',')}}`],
      );
  const asDomainEvent = (e: StoredEvent, id = e.id): DomainEvent<'raffle.entries-added'> => ({
    id,
    type: 'raffle.entries-added',
    payload: e.payload,
    createdAt: new Date(e.created_at).toISOString(),
  });

  let burst: { raffleId: number; userIds: number[]; events: StoredEvent[] };

  it('40 members entering one raffle at once: one event for the batch, every member the entry XP exactly once', async () => {
    const raffleId = await createRaffle();
    const members = await Promise.all(Array.from({ length: 40 }, () => createUser(stack.em, {})));
    const userIds = members.map((m) => m.id);
    const entering = stack.api.app.get(RaffleEntryService);
    // All in the same turn, as a burst of requests that finished their middleware together: one group commit.
    const answers = await Promise.all(userIds.map((userId) => entering.enter(userId, raffleId, { entry_type: 'passwordless' })));
    expect(answers.every((a) => a.entry !== null)).toBe(true);

    const events = await eventsOf(raffleId);
    expect(events).toHaveLength(1);
    const entries = events.flatMap((e) => e.payload.entries);
    const rows = await stack.em
      .fork()
      .execute<{ id: string; user_id: number }[]>('select id, user_id from raffle_entries where raffle_id = ? order by id', [raffleId]);
    expect(entries).toEqual(
      rows.map((r) => ({ userId: r.user_id, entryId: Number(r.id), entryType: 'passwordless', tickets: 1, pointsSpent: 0 })),
    );
    const [legacy] = await stack.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from outbox_events where type = 'raffle.entered'`);
    expect(legacy!.n).toBe(0);

    await processed(events);
    const ledger = await ledgerOf(userIds);
    expect(ledger).toHaveLength(40);
    const byMember = (list: [number, unknown][]) => Object.fromEntries(list);
    expect(byMember(ledger.map((l) => [l.user_id, [l.source, l.xp, l.award_key]]))).toEqual(
      byMember(rows.map((r) => [r.user_id, ['raffle_entry', XP_AWARDS.raffle_entry, awardKeys.raffleEntry(Number(r.id))]])),
    );
    expect((await xpOf(userIds)).map((t) => t.xp)).toEqual(userIds.map(() => String(XP_AWARDS.raffle_entry)));
    burst = { raffleId, userIds, events };
  });

  it('the same event processed again, or its entries named by another event, awards nothing more', async () => {
    const dispatcher = stack.worker.get(DomainEventDispatcher);
    const [stored] = burst.events;
    // Redelivered: the consumer has applied it already.
    expect(await dispatcher.dispatch(asDomainEvent(stored!))).toBe(0);
    // The same entries in an event of another id (a replay of the outbox): the handler runs, the award keys hold.
    expect(await dispatcher.dispatch(asDomainEvent(stored!, '9100000000001'))).toBe(1);
    // An event stored before batching, naming one of these entries.
    const [entry] = stored!.payload.entries;
    await dispatcher.dispatch({
      id: '9100000000002',
      type: 'raffle.entered',
      payload: { raffleId: burst.raffleId, ...entry! },
      createdAt: new Date().toISOString(),
    });
    expect(await ledgerOf(burst.userIds)).toHaveLength(40);
    expect((await xpOf(burst.userIds)).map((t) => t.xp)).toEqual(burst.userIds.map(() => String(XP_AWARDS.raffle_entry)));
  });

  it('a password entry and points entries award their XP; more points tickets on the same entry add nothing', async () => {
    const raffleId = await createRaffle({
      allow_passwordless_entry: false,
      password: 'letmein',
      allow_points_entry: true,
      points_per_entry: 10,
    });
    const member = await createUser(stack.em, {});
    await stack.em
      .fork()
      .transactional((tx) =>
        stack.api.app
          .get(EconomyService)
          .credit(tx, { userId: member.id, amount: 100, reason: 'test.grant', idempotencyKey: `grant-${member.id}` }),
      );
    const entering = stack.api.app.get(RaffleEntryService);
    const password = await entering.enter(member.id, raffleId, { entry_type: 'password', password: 'letmein' });
    const points = await entering.enter(member.id, raffleId, { entry_type: 'points', points_spent: 20 });
    const more = await entering.enter(member.id, raffleId, { entry_type: 'points', points_spent: 30 });
    const [passwordId, pointsId] = [password.entry!.id, points.entry!.id];
    expect(more.entry!.id).toBe(pointsId);

    // One event per statement, each with its one entry; the second purchase names the same points entry.
    const events = await eventsOf(raffleId);
    expect(events.map((e) => e.payload.entries)).toEqual([
      [{ userId: member.id, entryId: passwordId, entryType: 'password', tickets: 1, pointsSpent: 0 }],
      [{ userId: member.id, entryId: pointsId, entryType: 'points', tickets: 2, pointsSpent: 20 }],
      [{ userId: member.id, entryId: pointsId, entryType: 'points', tickets: 3, pointsSpent: 30 }],
    ]);

    await processed(events);
    expect((await ledgerOf([member.id])).map((l) => [l.source, l.award_key])).toEqual([
      ['raffle_entry', awardKeys.raffleEntry(passwordId)],
      ['raffle_entry', awardKeys.raffleEntry(pointsId)],
    ]);
    expect(await xpOf([member.id])).toEqual([{ user_id: member.id, xp: String(2 * XP_AWARDS.raffle_entry) }]);
  });
});
