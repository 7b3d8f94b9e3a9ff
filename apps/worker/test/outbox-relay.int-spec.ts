import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { integrationStack, createUser, waitFor } from '@kickback/testing';
import { UsersService, XP_AWARDS } from '@kickback/domain';
import { DomainEventDispatcher, OutboxRelayService, OutboxService, DomainEventHandlers } from '@kickback/platform';
import { settingsUpdatedEvent } from './settings-updated-event';

/** The whole pipeline the worker runs: platform relay, BullMQ, and a domain handler (last seen) consuming it. */
describe('outbox relay and consumers: nothing lost, nothing applied twice', () => {
  // Relay stopped: the test drives it by hand to crash it at the worst moment.
  const stack = integrationStack({ api: false, worker: { relay: false } });

  const loginCount = async (id: number) =>
    (await stack.em.fork().execute<{ login_count: number }[]>('select login_count from users where id = ?', [id]))[0].login_count;

  it('a relay that dies after enqueueing but before marking loses nothing and double-applies nothing', async () => {
    const user = await createUser(stack.em);
    const users = stack.worker.get(UsersService);
    for (let i = 0; i < 25; i++) await users.recordLogin(user.id);

    const relay = stack.worker.get(OutboxRelayService);
    relay.hooks.afterEnqueue = () => {
      throw new Error('simulated crash between enqueue and marking');
    };
    await expect(relay.relayBatch(10)).rejects.toThrow('simulated crash');
    // The rows are still unpublished (the marking transaction rolled back) although their jobs were queued.
    const [{ pending }] = await stack.em
      .fork()
      .execute<{ pending: string }[]>('select count(*)::text as pending from outbox_events where published_at is null');
    expect(Number(pending)).toBe(25);

    // "Restart": a healthy relay publishes everything again, including the 10 already-queued rows.
    relay.hooks = {};
    while ((await relay.relayBatch(7)) > 0);
    await waitFor(async () => (await loginCount(user.id)) === 25 || undefined, 15_000, 'all 25 logins applied');
    // Give a duplicate job every chance to run before checking it did not apply twice.
    await new Promise((r) => setTimeout(r, 500));
    expect(await loginCount(user.id)).toBe(25);
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from processed_events where consumer = 'identity.last-seen'`);
    expect(Number(n)).toBe(25);
  });

  it('a redelivered event (worker died after commit, before acknowledging) is skipped', async () => {
    const user = await createUser(stack.em);
    const dispatcher = stack.worker.get(DomainEventDispatcher);
    const event = {
      id: '999999001',
      type: 'user.logged-in' as const,
      payload: { userId: user.id, at: new Date().toISOString() },
      createdAt: new Date().toISOString(),
    };
    // Every consumer of the event applies it once (last-seen, XP for the day, guest points waiting for the member).
    const consumers = stack.worker.get(DomainEventHandlers).for('user.logged-in').length;
    expect(consumers).toBeGreaterThan(0);
    expect(await dispatcher.dispatch(event)).toBe(consumers);
    expect(await dispatcher.dispatch(event)).toBe(0);
    expect(await loginCount(user.id)).toBe(1);
  });

  it('two relays running side by side publish each row once', async () => {
    const user = await createUser(stack.em);
    const users = stack.worker.get(UsersService);
    for (let i = 0; i < 40; i++) await users.recordLogin(user.id);
    const second = await stack.processes.worker({ relay: false });
    const relays = [stack.worker.get(OutboxRelayService), second.get(OutboxRelayService)];
    await Promise.all(
      relays.map(async (r) => {
        while ((await r.relayBatch(5)) > 0);
      }),
    );
    await waitFor(async () => (await loginCount(user.id)) === 40 || undefined, 15_000, 'all 40 logins applied');
    await new Promise((r) => setTimeout(r, 500));
    expect(await loginCount(user.id)).toBe(40);
  });

  it('an event no handler consumes is marked published without becoming a job; a consumed one becomes a job', async () => {
    const user = await createUser(stack.em);
    const outbox = stack.worker.get(OutboxService);
    const tx = stack.em.fork();
    // Settings changes are recorded for history but nothing reacts to them (yet): the case under test.
    expect(stack.worker.get(DomainEventHandlers).for('user.settings-updated')).toEqual([]);
    await outbox.add(tx, 'user.settings-updated', { userId: user.id, section: 'profile', fields: ['bio'], at: new Date().toISOString() });
    await outbox.add(tx, 'user.logged-in', { userId: user.id, at: new Date().toISOString() });
    const ids = await tx.execute<{ id: string; type: string }[]>(
      `select id::text, type from outbox_events where published_at is null and type in ('user.settings-updated', 'user.logged-in') order by id`,
    );
    expect(ids.map((r) => r.type)).toEqual(['user.settings-updated', 'user.logged-in']);

    const relay = stack.worker.get(OutboxRelayService);
    while ((await relay.relayBatch(50)) > 0);
    const queue = stack.worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    expect(await queue.getJob(`evt-${ids[0]!.id}`)).toBeUndefined();
    expect(await queue.getJob(`evt-${ids[1]!.id}`)).toBeDefined();
    const unpublished = await stack.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*)::text as n from outbox_events where id in (${ids.map((r) => r.id).join(',')}) and published_at is null`,
      );
    expect(Number(unpublished[0]!.n)).toBe(0);
  });

  it('a batch consumer gets only the events it has not applied, with their processed rows in the same transaction', async () => {
    // A worker of its own, so the recording consumer is registered nowhere else.
    const own = await stack.processes.worker({ relay: false });
    const handled: string[][] = [];
    const after: { ids: string[]; handled: number | undefined }[] = [];
    let fail = false;
    own.get(DomainEventHandlers).register({
      consumer: 'test.batch-recorder',
      type: 'user.settings-updated',
      handleMany: async (events) => {
        handled.push(events.map((e) => e.id));
        if (fail) throw new Error('simulated failure inside the batch');
        return events.length;
      },
      afterCommit: async (events, count: number | undefined) => void after.push({ ids: events.map((e) => e.id), handled: count }),
    });
    const dispatcher = own.get(DomainEventDispatcher);
    const e = (n: number) => settingsUpdatedEvent(String(970_000_000 + n));
    const id = (n: number) => String(970_000_000 + n);

    expect(await dispatcher.dispatchMany([e(1), e(2)])).toBe(2);
    expect(await dispatcher.dispatchMany([e(2), e(3)])).toBe(1);
    expect(await dispatcher.dispatchMany([e(1), e(2), e(3)])).toBe(0);
    expect(await dispatcher.dispatchMany([e(6), e(6)])).toBe(1);
    expect(handled).toEqual([[id(1), id(2)], [id(3)], [id(6)]]);
    expect(after).toEqual([
      { ids: [id(1), id(2)], handled: 2 },
      { ids: [id(2), id(3)], handled: 1 },
      { ids: [id(1), id(2), id(3)], handled: undefined },
      { ids: [id(6)], handled: 1 },
    ]);

    // A failing batch leaves no processed row behind: the retry applies all of it.
    fail = true;
    await expect(dispatcher.dispatchMany([e(4), e(5)])).rejects.toThrow('simulated failure');
    fail = false;
    expect(await dispatcher.dispatchMany([e(4), e(5)])).toBe(2);
    expect(handled.slice(-2)).toEqual([
      [id(4), id(5)],
      [id(4), id(5)],
    ]);
    const rows = await stack.em
      .fork()
      .execute<{ event_id: string }[]>(
        `select event_id::text from processed_events where consumer = 'test.batch-recorder' order by event_id`,
      );
    expect(rows.map((r) => r.event_id)).toEqual([1, 2, 3, 4, 5, 6].map(id));
  });

  it('a push-only consumer pushes on every delivery and writes no processed-event row', async () => {
    const own = await stack.processes.worker({ relay: false });
    const pushed: string[] = [];
    own.get(DomainEventHandlers).register({
      consumer: 'test.push-only',
      type: 'user.settings-updated',
      afterCommit: async (event: DomainEvent<'user.settings-updated'>) => void pushed.push(event.id),
    });
    expect(() => own.get(DomainEventHandlers).register({ consumer: 'test.nothing', type: 'user.settings-updated' })).toThrow(
      'Consumer test.nothing does nothing',
    );
    const event = settingsUpdatedEvent('980000001');
    const dispatcher = own.get(DomainEventDispatcher);
    expect(await dispatcher.dispatch(event)).toBe(0);
    expect(await dispatcher.dispatch(event)).toBe(0);
    expect(pushed).toEqual([event.id, event.id]);
    const rows = await stack.em.fork().execute(`select 1 from processed_events where consumer = 'test.push-only'`);
    expect(rows).toEqual([]);
  });

  it("a claim's raffle entry events become one job on the batches queue; a crash and a regrouped re-relay apply each once", async () => {
    const relay = stack.worker.get(OutboxRelayService);
    while ((await relay.relayBatch(50)) > 0);
    expect(stack.worker.get(DomainEventHandlers).batchable('raffle.entries-added')).toBe(true);
    expect(stack.worker.get(DomainEventHandlers).batchable('user.logged-in')).toBe(false);
    const [a, b] = [await createUser(stack.em), await createUser(stack.em)];
    const outbox = stack.worker.get(OutboxService);
    const tx = stack.em.fork();
    for (let i = 0; i < 6; i++) {
      const userId = i % 2 === 0 ? a.id : b.id;
      await outbox.add(tx, 'raffle.entries-added', {
        raffleId: 1,
        entries: [{ userId, entryId: 960_000 + a.id * 10 + i, entryType: 'passwordless', tickets: 1, pointsSpent: 0 }],
      });
    }
    await outbox.add(tx, 'user.logged-in', { userId: a.id, at: new Date().toISOString() });
    const ids = (await tx.execute<{ id: string }[]>(`select id::text from outbox_events where published_at is null order by id`)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(7);

    relay.hooks.afterEnqueue = () => {
      throw new Error('simulated crash between enqueue and marking');
    };
    await expect(relay.relayBatch(4)).rejects.toThrow('simulated crash');
    relay.hooks = {};
    while ((await relay.relayBatch(3)) > 0);

    const batches = stack.worker.get<Queue>(getQueueToken(QUEUES.domainEventBatches));
    const singles = stack.worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    const first = await batches.getJob(`evts-${ids[0]}-${ids[3]}-4`);
    expect(first?.data.events.map((event: DomainEvent) => event.id)).toEqual(ids.slice(0, 4));
    // Regrouped by the healthy relay's smaller claims: [0..2] and [3..5], the login alone on the events queue.
    expect((await batches.getJob(`evts-${ids[0]}-${ids[2]}-3`))?.data.events).toHaveLength(3);
    expect((await batches.getJob(`evts-${ids[3]}-${ids[5]}-3`))?.data.events).toHaveLength(3);
    expect(await singles.getJob(`evt-${ids[0]}`)).toBeUndefined();
    expect(await singles.getJob(`evt-${ids[6]}`)).toBeDefined();

    const xpOf = async (userId: number) =>
      Number((await stack.em.fork().execute<{ xp: string }[]>('select xp from member_xp where user_id = ?', [userId]))[0]?.xp ?? 0);
    await waitFor(
      async () => ((await xpOf(a.id)) === 3 * XP_AWARDS.raffle_entry + XP_AWARDS.login ? true : undefined),
      15_000,
      'XP of every event',
    );
    await waitFor(async () => ((await xpOf(b.id)) === 3 * XP_AWARDS.raffle_entry ? true : undefined), 15_000, 'XP of every event');
    // Let any duplicate job run before checking each event was applied once.
    await new Promise((r) => setTimeout(r, 500));
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*)::text as n from processed_events where consumer = 'progression.xp.raffle.entries-added' and event_id = any(?::bigint[])`,
        [`{${ids.slice(0, 6).join(',')}}`],
      );
    expect(Number(n)).toBe(6);
    expect(await xpOf(a.id)).toBe(3 * XP_AWARDS.raffle_entry + XP_AWARDS.login);
  });
});
