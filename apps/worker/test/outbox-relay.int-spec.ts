import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { createTestStack, createUser, waitFor, type TestStack } from '@kickback/testing';
import { UsersService } from '@kickback/domain';
import { DomainEventDispatcher, OutboxRelayService, OutboxService, DomainEventHandlers } from '@kickback/platform';

/** The whole pipeline the worker runs: platform relay, BullMQ, and a domain handler (last seen) consuming it. */
describe('outbox relay and consumers: nothing lost, nothing applied twice', () => {
  let stack: TestStack;
  let worker: INestApplicationContext;
  let em: EntityManager;

  beforeAll(async () => {
    stack = await createTestStack();
    // Relay stopped: the test drives it by hand to crash it at the worst moment.
    worker = await stack.worker({ relay: false });
    em = worker.get(EntityManager);
  });
  afterAll(() => stack.close());

  const loginCount = async (id: number) =>
    (await em.fork().execute<{ login_count: number }[]>('select login_count from users where id = ?', [id]))[0].login_count;

  it('a relay that dies after enqueueing but before marking loses nothing and double-applies nothing', async () => {
    const user = await createUser(em);
    const users = worker.get(UsersService);
    for (let i = 0; i < 25; i++) await users.recordLogin(user.id);

    const relay = worker.get(OutboxRelayService);
    relay.hooks.afterEnqueue = () => {
      throw new Error('simulated crash between enqueue and marking');
    };
    await expect(relay.relayBatch(10)).rejects.toThrow('simulated crash');
    // The rows are still unpublished (the marking transaction rolled back) although their jobs were queued.
    const [{ pending }] = await em
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
    const [{ n }] = await em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from processed_events where consumer = 'identity.last-seen'`);
    expect(Number(n)).toBe(25);
  });

  it('a redelivered event (worker died after commit, before acknowledging) is skipped', async () => {
    const user = await createUser(em);
    const dispatcher = worker.get(DomainEventDispatcher);
    const event = {
      id: '999999001',
      type: 'user.logged-in' as const,
      payload: { userId: user.id, at: new Date().toISOString() },
      createdAt: new Date().toISOString(),
    };
    // Every consumer of the event applies it once (last-seen, XP for the day, guest points waiting for the member).
    const consumers = worker.get(DomainEventHandlers).for('user.logged-in').length;
    expect(consumers).toBeGreaterThan(0);
    expect(await dispatcher.dispatch(event)).toBe(consumers);
    expect(await dispatcher.dispatch(event)).toBe(0);
    expect(await loginCount(user.id)).toBe(1);
  });

  it('two relays running side by side publish each row once', async () => {
    const user = await createUser(em);
    const users = worker.get(UsersService);
    for (let i = 0; i < 40; i++) await users.recordLogin(user.id);
    const second = await stack.worker({ relay: false });
    const relays = [worker.get(OutboxRelayService), second.get(OutboxRelayService)];
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
    const user = await createUser(em);
    const outbox = worker.get(OutboxService);
    const tx = em.fork();
    // Settings changes are recorded for history but nothing reacts to them (yet): the case under test.
    expect(worker.get(DomainEventHandlers).for('user.settings-updated')).toEqual([]);
    await outbox.add(tx, 'user.settings-updated', { userId: user.id, section: 'profile', fields: ['bio'], at: new Date().toISOString() });
    await outbox.add(tx, 'user.logged-in', { userId: user.id, at: new Date().toISOString() });
    const ids = await tx.execute<{ id: string; type: string }[]>(
      `select id::text, type from outbox_events where published_at is null and type in ('user.settings-updated', 'user.logged-in') order by id`,
    );
    expect(ids.map((r) => r.type)).toEqual(['user.settings-updated', 'user.logged-in']);

    const relay = worker.get(OutboxRelayService);
    while ((await relay.relayBatch(50)) > 0);
    const queue = worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    expect(await queue.getJob(`evt-${ids[0]!.id}`)).toBeUndefined();
    expect(await queue.getJob(`evt-${ids[1]!.id}`)).toBeDefined();
    const unpublished = await em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*)::text as n from outbox_events where id in (${ids.map((r) => r.id).join(',')}) and published_at is null`,
      );
    expect(Number(unpublished[0]!.n)).toBe(0);
  });
});
