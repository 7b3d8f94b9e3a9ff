import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  RAFFLE_ENTRIES_PAGE,
  computeWinners,
  fromRaffleEntryPush,
  pushedFirstEntryId,
  type RaffleEntriesPush,
  type RaffleEntryAdded,
  type RaffleParticipant,
  type RaffleVerification,
  type RecentWinner,
} from '@kickback/contracts';
import { integrationStack, createUser, waitFor, type TestClient, openRaffle, joinRoom } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { RaffleDrawService } from './raffle-draw.service';
import { FreeEntryBatcher } from './free-entry-batcher';
import { AdminRafflesService } from './admin-raffles.service';
import { RafflesEntriesRepository } from './raffles-entries.repository';
import { RaffleLivePublisher } from './raffle-live.publisher';

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let address = 0;
/** The demo login is throttled per address; hundreds of members log in here, each from its own (proxied) address. */
async function loginFrom(client: TestClient, userId: number): Promise<void> {
  address += 1;
  const token = await client.refreshCsrf();
  const res = await client.request('POST', '/login/dev', {
    form: { _csrf: token, user_id: String(userId) },
    csrf: false,
    headers: { 'x-forwarded-for': `10.9.${address >> 8}.${address & 255}` },
  });
  if (res.status !== 303) throw new Error(`demo login failed: ${res.status}`);
  await client.refreshCsrf();
}

describe('raffles (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ worker: true, admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: 'true' } });

  const createRaffle = (overrides: Record<string, unknown> = {}) =>
    openRaffle(stack.admin, {
      title: 'Weekend raffle',
      description: 'Win a prize',
      number_of_winners: 3,
      prize_value_usd: 150.5,
      ...overrides,
    });

  /** A member logged in from an address of their own (see loginFrom). */
  async function member(kick: string | null = undefined as unknown as null, username?: string) {
    const kickUsername = kick === undefined ? {} : { kickUsername: kick };
    const signedIn = await stack.member({ ...kickUsername, ...(username ? { username } : {}), signedIn: false });
    await loginFrom(signedIn.client, signedIn.id);
    return signedIn;
  }

  const count = async (sql: string, params: unknown[]) => Number((await stack.em.fork().execute<{ n: string }[]>(sql, params))[0].n);
  /** The raffle.entries-added events of these raffles, and every entry they carry. */
  const addedEntries = async (raffleIds: number[]) => {
    const rows = await stack.em.fork().execute<{ entries: RaffleEntryAdded[] }[]>(
      `select payload -> 'entries' as entries from outbox_events
         where type = 'raffle.entries-added' and (payload ->> 'raffleId')::int = any(?::int[]) order by id`,
      [`{${raffleIds.join(',')}}`],
    );
    return { events: rows.length, entries: rows.flatMap((r) => r.entries) };
  };
  /**
   * `howMany` demo members named `<prefix>_<tag>_<n>`, entered in the raffle in random order (so entry order and member
   * order differ) with `tickets` each (SQL over the member's id); answers the tag.
   */
  const enteredCrowd = async (raffleId: number, prefix: string, howMany: number, entryType: string, tickets = '1') => {
    const tag = Math.random().toString(36).slice(2, 7);
    const db = stack.em.fork();
    const name = prefix[0]!.toUpperCase() + prefix.slice(1);
    await db.execute(
      `insert into users (username, name, kick_username, is_demo)
       select ?::text || g, ?::text || g, ?::text || g, true from generate_series(1, ?) g`,
      [`${prefix}_${tag}_`, `${name} `, `${prefix}_${tag}_`, howMany],
    );
    await db.execute(
      `insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
       select ?, id, ?, ${tickets} from users where username like ? order by random()`,
      [raffleId, entryType, `${prefix}\\_${tag}\\_%`],
    );
    return tag;
  };
  /** The entrants' ids as the raffle page pages through them (`query`: order, limit, search), up to `pages` pages. */
  const entrantPages = async (raffleId: number, query: string, pages = Infinity) => {
    const ids: number[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < pages; page++) {
      const answer: { body: { data: RaffleParticipant[]; cursor: { next: string | null } } } = await stack.api
        .client()
        .json('GET', `/api/r/raffles/${raffleId}/entries?${query}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...answer.body.data.map((p) => p.user.id));
      cursor = answer.body.cursor.next;
    }
    return ids;
  };

  it('publishes the seed hash, keeps the seed secret and reports Pending/Active per the schedule', async () => {
    const pending = await createRaffle({ start_datetime: iso(3_600_000), end_datetime: iso(7_200_000) });
    const res = await stack.api.client().json('GET', `/api/r/raffles/${pending}`);
    expect(res.body.data).toMatchObject({ status: 'Pending', has_ended: false, is_accepting_entries: false, seed: null, total_entries: 0 });
    expect(res.body.data.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const { client } = await member();
    const early = await client.json('POST', `/api/r/raffles/${pending}/enter`, { entry_type: 'passwordless' });
    expect(early).toEqual({ status: 422, body: { success: false, message: 'This raffle has not started yet.' } });
  });

  it('refuses anonymous members and members without a Kick username with the SPEC messages; 404 for unknown raffles', async () => {
    const id = await createRaffle();
    const anon = stack.api.client();
    await anon.refreshCsrf();
    const r1 = await anon.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    expect(r1).toEqual({ status: 401, body: { success: false, message: 'Please log in to enter raffles' } });
    const { client } = await member(null);
    const r2 = await client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    expect(r2.status).toBe(422);
    expect(r2.body.message).toMatch(/Kick streaming username to enter raffles/);
    const r3 = await client.json('GET', '/api/r/raffles/999999');
    expect(r3).toEqual({ status: 404, body: { success: false, message: 'Raffle not found' } });
    const r4 = await client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'lottery' });
    expect(r4.status).toBe(422);
    expect(r4.body.errors.entry_type).toBeDefined();
  });

  it('a burst of 2,000 entries: every push carries at most a page per list order and the totals so far, the last all of them', async () => {
    const id = await createRaffle();
    const socket = await stack.socket();
    const pushes: RaffleEntriesPush[] = [];
    socket.on('raffle:entries', (p: RaffleEntriesPush) => pushes.push(p));
    await joinRoom(socket, `raffle:${id}`);
    // The publisher as the entry statements call it: 2,000 newcomers in batches of 20 sent at once, each batch with the
    // counters its statement left. No time passes between them, so the rate is as high as the process can go.
    const publisher = stack.api.app.get(RaffleLivePublisher);
    const N = 2_000;
    const entry = (n: number) => ({
      entry: {
        id: 1_000_000 + n,
        entry_type: 'passwordless' as const,
        tickets: 1,
        created_at: new Date().toISOString(),
        user: { id: 500_000 + n, username: `burst${n}`, kick_username: `burst${n}`, avatar: null, avatar_url: null },
      },
      firstEntryId: 1_000_000 + n,
      personTickets: 1,
    });
    await Promise.all(
      Array.from({ length: N / 20 }, (_, b) =>
        publisher.entriesChanged(
          id,
          Array.from({ length: 20 }, (_, i) => entry(b * 20 + i + 1)),
          { total_entries: (b + 1) * 20, participants_count: (b + 1) * 20 },
        ),
      ),
    );
    await waitFor(() => pushes.reduce((n, p) => n + p.entries.length + p.omitted, 0) === N, 15_000, 'every entry pushed or counted');
    // The burst outran the window: rows were left out, and still no push carried more than its pages.
    expect(pushes.some((p) => p.omitted > 0)).toBe(true);
    let accounted = 0;
    pushes.forEach((push, i) => {
      // A page for each order of the list (newest, most tickets), however many rows changed in the window.
      expect(push.entries.length).toBeLessThanOrEqual(2 * RAFFLE_ENTRIES_PAGE);
      accounted += push.entries.length + push.omitted;
      // The totals count at least every entry pushed or counted so far and never go down.
      expect(push.total_entries).toBeGreaterThanOrEqual(Math.max(accounted, pushes[i - 1]?.total_entries ?? 0));
      expect(push.participants_count).toBe(push.total_entries);
      // The rows are the newest changes of their window: every one left out is older than every one sent.
      const ids = push.entries.map(([entryId]) => entryId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });
    const last = pushes.at(-1)!;
    expect(last.total_entries).toBe(N);
    const newest = Array.from({ length: RAFFLE_ENTRIES_PAGE }, (_, i) => 1_000_000 + N - RAFFLE_ENTRIES_PAGE + 1 + i);
    // Whatever the rate, each of the newest page's rows reached the viewers, so a first page ends exact.
    const pushed = new Set(pushes.flatMap((p) => p.entries.map(([entryId]) => entryId)));
    expect(newest.filter((entryId) => !pushed.has(entryId))).toEqual([]);
  });

  it('500 parallel free entries from 250 members (each twice) give exactly 250 entries, pushed live and coalesced', async () => {
    const id = await createRaffle();
    const socket = await stack.socket();
    const pushes: RaffleEntriesPush[] = [];
    socket.on('raffle:entries', (p: RaffleEntriesPush) => pushes.push(p));
    await joinRoom(socket, `raffle:${id}`);
    const members: { id: number; client: TestClient }[] = [];
    // Logins go in small batches (session creation is not what this test is about); the entries go all at once.
    while (members.length < 250) members.push(...(await Promise.all(Array.from({ length: 10 }, () => member()))));
    const results = await Promise.all(
      members.flatMap((m) => [0, 1].map(() => m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' }))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(250);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(250);
    expect(refused.every((r) => r.status === 409 && r.body.message === 'You have already entered this raffle for free.')).toBe(true);
    expect(await count('select count(*) as n from raffle_entries where raffle_id = ?', [id])).toBe(250);
    // One event per statement carrying its batch's entries: every entry once, in far fewer events (worker jobs).
    const added = await addedEntries([id]);
    expect(added.entries).toHaveLength(250);
    expect(new Set(added.entries.map((e) => e.userId))).toEqual(new Set(members.map((m) => m.id)));
    expect(added.events).toBeLessThan(250);
    expect(await count(`select count(*) as n from outbox_events where type = 'raffle.entered'`, [])).toBe(0);

    // Totals are the highest counters an entry statement reported, so they may run ahead of the entries pushed so far
    // (the next window brings the rest) but never fall behind them, and never go down from one push to the next.
    const last = await waitFor(() => pushes.find((p) => p.total_entries === 250), 10_000, 'a push with all 250 entries');
    expect(last.participants_count).toBe(250);
    let pushedSoFar = 0;
    pushes.forEach((push, i) => {
      pushedSoFar += push.entries.length + push.omitted;
      expect(push.entries.length).toBeLessThanOrEqual(2 * RAFFLE_ENTRIES_PAGE);
      expect(push.total_entries).toBeGreaterThanOrEqual(Math.max(pushedSoFar, pushes[i - 1]?.total_entries ?? 0));
      expect(push.participants_count).toBeGreaterThanOrEqual(Math.max(pushedSoFar, pushes[i - 1]?.participants_count ?? 0));
    });
    // Each entry is in one push, sent or counted as left out (a push carries one page of the newest rows).
    await waitFor(() => pushes.reduce((n, p) => n + p.entries.length + p.omitted, 0) === 250, 10_000, 'every entry pushed or counted');
    const pushedIds = new Set(pushes.flatMap((p) => p.entries.map(([entryId]) => entryId)));
    expect(pushes.flatMap((p) => p.entries)).toHaveLength(pushedIds.size);
    for (const push of pushes) if (push.omitted > 0) expect(push.entries.length).toBeGreaterThanOrEqual(RAFFLE_ENTRIES_PAGE);
    const memberIds = new Set(members.map((m) => m.id));
    const kickNames = new Map(
      (
        await stack.em
          .fork()
          .execute<{ id: number; kick_username: string }[]>('select id, kick_username from users where id = any(?::int[])', [
            `{${[...memberIds].join(',')}}`,
          ])
      ).map((u) => [u.id, u.kick_username]),
    );
    for (const row of pushes.flatMap((p) => p.entries)) {
      const [entryId, userId, tickets, , username, , , firstEntryId] = row;
      const entry = fromRaffleEntryPush(row, '');
      expect(memberIds.has(userId) && tickets === 1 && entry.entry_type === 'passwordless' && username.length > 0).toBe(true);
      // A Kick name equal to the site name travels as 0 and reads back as the name.
      expect(entry.user.kick_username).toBe(kickNames.get(userId));
      // Each member's only entry is their first: the list places them by it, and it travels as 0.
      expect(firstEntryId).toBe(0);
      expect(pushedFirstEntryId(row)).toBe(entryId);
    }
    // 250 entries arrived in coalesced pushes, not one push per entry.
    expect(pushes.length).toBeLessThan(250);

    const detail = await members[0].client.json('GET', `/api/r/raffles/${id}`);
    expect(detail.body.data).toMatchObject({ total_entries: 250, participants_count: 250, user_entries: { passwordless: true } });
    // The list pages by cursor: 250 entrants arrive as five pages of 50, each person once.
    const seen = new Set<number>();
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const entries = await stack.api.client().json('GET', `/api/r/raffles/${id}/entries?cursor=${cursor}`);
      expect(entries.body.data).toHaveLength(50);
      expect(entries.body.data[0]).toMatchObject({
        tickets: 1,
        entries: [{ entry_type: 'passwordless', tickets: 1 }],
        user: { kick_username: expect.any(String) },
      });
      for (const person of entries.body.data as RaffleParticipant[]) seen.add(person.user.id);
      cursor = entries.body.cursor.next ?? '';
      expect(!!cursor).toBe(page < 4);
    }
    expect(seen).toEqual(memberIds);
  });

  it('one batch of simultaneous free entries answers each member on its own merits', async () => {
    const [open, other, ended] = [await createRaffle(), await createRaffle(), await createRaffle()];
    await stack.em.fork().execute(`update raffles set ends_at = now() - interval '1 second' where id = ?`, [ended]);
    const ann = await createUser(stack.em);
    const bob = await createUser(stack.em);
    const noKick = await createUser(stack.em, { kickUsername: null });
    const batcher = stack.api.app.get(FreeEntryBatcher);
    // Same turn of the event loop: these leave together, except the repeat of Ann, which goes in another batch
    // (possibly running at the same time) and meets the unique index: exactly one of Ann's two gets the entry.
    const results = await Promise.all([
      batcher.enter(ann.id, open),
      batcher.enter(ann.id, open),
      batcher.enter(ann.id, other),
      batcher.enter(bob.id, open),
      batcher.enter(noKick.id, open),
      batcher.enter(bob.id, ended),
      batcher.enter(bob.id, 999_999),
    ]);
    const view = results.map((e) => e && [e.user.id, e.entry_type, e.tickets]);
    expect(view.slice(0, 2).filter(Boolean)).toEqual([[ann.id, 'passwordless', 1]]);
    expect(view.slice(2)).toEqual([[ann.id, 'passwordless', 1], [bob.id, 'passwordless', 1], null, null, null]);
    const rows = await stack.em
      .fork()
      .execute<{ raffle_id: number; user_id: number }[]>(
        'select raffle_id, user_id from raffle_entries where raffle_id in (?, ?, ?) order by raffle_id, user_id',
        [open, other, ended],
      );
    expect(rows.map((r) => [r.raffle_id, r.user_id])).toEqual([
      [open, ann.id],
      [open, bob.id],
      [other, ann.id],
    ]);
    // One event per raffle the batches wrote to (Ann's repeat may have gone alone), none for what was refused.
    const added = await addedEntries([open, other, ended]);
    const byId = (a: number, b: number) => a - b;
    expect(added.entries.map((e) => e.userId).sort(byId)).toEqual([ann.id, ann.id, bob.id].sort(byId));
    expect(added.events).toBeGreaterThanOrEqual(2);
    // Through HTTP the refused ones get their reasons from the explaining path.
    const bobClient = stack.api.client();
    await loginFrom(bobClient, bob.id);
    const again = await bobClient.json('POST', `/api/r/raffles/${open}/enter`, { entry_type: 'passwordless' });
    expect([again.status, again.body.message]).toEqual([409, 'You have already entered this raffle for free.']);
    const late = await bobClient.json('POST', `/api/r/raffles/${ended}/enter`, { entry_type: 'passwordless' });
    expect([late.status, late.body.message]).toEqual([422, 'This raffle has ended and no longer accepts entries.']);
  });

  it("a batch one member's row breaks is retried member by member: the others still enter", async () => {
    const open = await createRaffle();
    const [ann, bob] = [await createUser(stack.em), await createUser(stack.em)];
    const batcher = stack.api.app.get(FreeEntryBatcher);
    // A member id beyond PostgreSQL's integer fails the shared statement; sessions never carry one, so only a
    // direct call can put it into a batch.
    const results = await Promise.allSettled([
      batcher.enter(ann.id, open),
      batcher.enter(2_147_483_648, open),
      batcher.enter(bob.id, open),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const entered = results.map((r) => (r.status === 'fulfilled' ? r.value?.user.id : null));
    expect(entered).toEqual([ann.id, null, bob.id]);
    expect(await count('select count(*) as n from raffle_entries where raffle_id = ?', [open])).toBe(2);
    expect(await count('select total_entries as n from raffles where id = ?', [open])).toBe(2);
  });

  it('a batch finds its members by primary key, however many members the site has', async () => {
    const open = await createRaffle();
    await stack.em
      .fork()
      .execute(
        `insert into users (username, name, role, kick_username) select 'site_member_' || g, 'Site member ' || g, 'member', 'site_member_' || g from generate_series(1, 3000) g`,
      );
    await stack.em.fork().execute('analyze users');
    const members = await Promise.all(Array.from({ length: 28 }, () => createUser(stack.em)));
    // The statement as the batch writes it, planned by PostgreSQL instead of run. With the members joined to the
    // whole users table, the planner scanned every member for a batch of 28 (a cost that grows with the site).
    const plans: unknown[] = [];
    const planning = {
      execute: async (sql: string, params: unknown[]) => {
        plans.push(await stack.em.fork().execute(`explain (format json) ${sql}`, params));
        return [];
      },
    } as unknown as EntityManager;
    await stack.api.app.get(RafflesEntriesRepository).insertFreeBatch(
      planning,
      open,
      members.map((m) => m.id),
    );
    const scans: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Node Type'] === 'Seq Scan') scans.push(String(node['Relation Name']));
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const [[{ 'QUERY PLAN': plan }]] = plans as [[{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }]];
    walk(plan[0]!.Plan);
    expect(scans).not.toContain('users');
    // Gone again, so the name searches of the tests below see only their own members.
    await stack.em.fork().execute(`delete from users where username like 'site\\_member\\_%'`);
  });

  it('ids beyond the integer range are an unknown raffle, never a 500', async () => {
    const { client } = await member();
    for (const path of ['/api/r/raffles/2147483648/enter', '/api/r/raffles/99999999999/enter', '/api/r/raffles/1e20/enter']) {
      expect(await client.json('POST', path, { entry_type: 'passwordless' })).toEqual({
        status: 404,
        body: { success: false, message: 'Raffle not found' },
      });
    }
    expect((await client.json('GET', '/api/r/raffles/2147483648')).status).toBe(404);
    expect((await client.json('GET', '/api/r/raffles/2147483648/verify')).status).toBe(404);
  });

  it('points entries debit exactly once each, honour the ticket cap and replay an idempotency key once', async () => {
    const id = await createRaffle({ allow_points_entry: true, points_per_entry: 100, max_tickets_per_user: 8 });
    const m = await member();
    const economy = stack.api.app.get(EconomyService);
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: m.id, amount: 2000, reason: 'test.grant', idempotencyKey: `grant-${m.id}` }));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: 100 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    expect(results.filter((r) => r.status === 422).every((r) => /at most 8 points tickets/.test(r.body.message))).toBe(true);
    expect(await economy.balanceOf(m.id)).toBe(1200);
    expect(await count(`select count(*) as n from points_ledger where user_id = ? and reason = 'raffle.entry'`, [m.id])).toBe(8);
    const [row] = await stack.em
      .fork()
      .execute<{ tickets: number; points_spent: string }[]>(
        'select tickets, points_spent::text from raffle_entries where raffle_id = ? and user_id = ?',
        [id, m.id],
      );
    expect(row).toEqual({ tickets: 8, points_spent: '800' });

    const other = await member();
    await stack.em
      .fork()
      .transactional((tx) =>
        economy.credit(tx, { userId: other.id, amount: 500, reason: 'test.grant', idempotencyKey: `grant-${other.id}` }),
      );
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        other.client.request('POST', `/api/r/raffles/${id}/enter`, {
          json: { entry_type: 'points' },
          headers: { 'idempotency-key': 'same-request-123' },
        }),
      ),
    );
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(await economy.balanceOf(other.id)).toBe(400);
    const broke = await other.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: 500 });
    expect(broke).toMatchObject({ status: 422, body: { message: 'Not enough points.' } });
    const odd = await other.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: 150 });
    expect(odd.body.errors.points_spent).toEqual(['Points must be a multiple of 100.']);
    expect(await economy.balanceOf(other.id)).toBe(400);
  });

  it('counters and the paged entry list follow every way of entering; search matches names server-side', async () => {
    const id = await createRaffle({ allow_points_entry: true, points_per_entry: 10, password: 'pw' });
    const economy = stack.api.app.get(EconomyService);
    // Letters only, and site names of the test's own: a generated name holds the process id, which may contain "_100".
    const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const alpha = await member(`Zed_Alpha_${tag}`, `alpha_${tag}`);
    const bravo = await member(`bravo_100%_${tag}`, `bravo_${tag}`);
    // Carol's name is what the wildcards would match if they were not escaped: "100" then more, and any character then "100".
    const carol = await member(`carol-100x_${tag}`, `carol_${tag}`);
    for (const m of [alpha, carol])
      await stack.em
        .fork()
        .transactional((tx) => economy.credit(tx, { userId: m.id, amount: 100, reason: 'test.grant', idempotencyKey: `grant-${m.id}` }));
    const enter = (m: { client: TestClient }, body: Record<string, unknown>) => m.client.json('POST', `/api/r/raffles/${id}/enter`, body);
    expect((await enter(alpha, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await enter(bravo, { entry_type: 'password', password: 'pw' })).status).toBe(200);
    // Alpha's points and free entries of Bravo and Carol race; Carol buys tickets at once too.
    const raced = await Promise.all([
      enter(alpha, { entry_type: 'points', points_spent: 30 }),
      enter(bravo, { entry_type: 'passwordless' }),
      enter(carol, { entry_type: 'points', points_spent: 20 }),
      enter(carol, { entry_type: 'passwordless' }),
      enter(alpha, { entry_type: 'points', points_spent: 10 }),
    ]);
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    // The maintained counters equal what the rows say.
    const [truth] = await stack.em
      .fork()
      .execute<{ total: number; people: number }[]>(
        'select sum(tickets)::int as total, count(distinct user_id)::int as people from raffle_entries where raffle_id = ?',
        [id],
      );
    expect(truth).toEqual({ total: 1 + 1 + 4 + 1 + 2 + 1, people: 3 });
    // So does each person's ticket total, which orders the list.
    expect(
      await count(
        `select count(*) as n from raffle_participants p where p.raffle_id = ?
           and p.tickets = (select sum(tickets) from raffle_entries e where e.raffle_id = p.raffle_id and e.user_id = p.user_id)`,
        [id],
      ),
    ).toBe(3);
    const detail = await stack.api.client().json('GET', `/api/r/raffles/${id}`);
    expect(detail.body.data).toMatchObject({ total_entries: truth!.total, participants_count: 3 });
    // Every accepted entry in a raffle.entries-added event (one per statement), written by the typed outbox fragment.
    const added = await addedEntries([id]);
    expect(added.entries).toHaveLength(7);
    expect(added.entries).toContainEqual({
      userId: carol.id,
      entryId: expect.any(Number),
      entryType: 'points',
      tickets: 2,
      pointsSpent: 20,
    });

    // By default most tickets first (SPEC §5): Alpha 5, Carol 3, Bravo 1; each person carries all their rows.
    type EntriesAnswer = { data: RaffleParticipant[]; cursor: { next: string | null; limit: number } };
    const all = await stack.api.client().json<EntriesAnswer>('GET', `/api/r/raffles/${id}/entries`);
    expect(all.body.data.map((p) => [p.user.id, p.tickets])).toEqual([
      [alpha.id, 5],
      [carol.id, 3],
      [bravo.id, 2],
    ]);
    expect(all.body.data[0]).toMatchObject({ tickets: 5, entries: [{ entry_type: 'passwordless' }, { entry_type: 'points', tickets: 4 }] });
    expect(all.body.cursor).toEqual({ next: null, limit: 50 });
    // Newest first by each person's first entry: Carol entered last, Alpha first.
    const newest = await stack.api.client().json<EntriesAnswer>('GET', `/api/r/raffles/${id}/entries?order=newest`);
    expect(newest.body.data.map((p) => p.user.id)).toEqual([carol.id, bravo.id, alpha.id]);

    for (const [order, expected] of [
      ['tickets', [alpha.id, carol.id, bravo.id]],
      ['newest', [carol.id, bravo.id, alpha.id]],
    ] as const) {
      const firstPage = await stack.api.client().json<EntriesAnswer>('GET', `/api/r/raffles/${id}/entries?order=${order}&limit=2`);
      const rest = await stack.api
        .client()
        .json<EntriesAnswer>('GET', `/api/r/raffles/${id}/entries?order=${order}&limit=2&cursor=${firstPage.body.cursor.next}`);
      expect([...firstPage.body.data, ...rest.body.data].map((p) => p.user.id)).toEqual(expected);
      expect(rest.body.cursor.next).toBeNull();
    }

    const search = async (text: string) =>
      (await stack.api.client().json('GET', `/api/r/raffles/${id}/entries?search=${encodeURIComponent(text)}`)).body.data.map(
        (p: RaffleParticipant) => p.user.id,
      );
    expect(await search(`ALPHA_${tag}`)).toEqual([alpha.id]);
    // LIKE's wildcards are matched literally.
    expect(await search('100%')).toEqual([bravo.id]);
    expect(await search('_100')).toEqual([bravo.id]);
    expect(await search(`nobody-${tag}`)).toEqual([]);

    for (const query of [
      'cursor=abc',
      'cursor=-1',
      'cursor=12',
      'order=newest&cursor=5.12',
      'order=oldest',
      'limit=0',
      'limit=101',
      'search=' + 'x'.repeat(65),
      'page=2',
    ]) {
      const bad = await stack.api.client().json('GET', `/api/r/raffles/${id}/entries?${query}`);
      expect([query, bad.status, bad.body.success]).toEqual([query, 422, false]);
    }
    expect((await stack.api.client().json('GET', '/api/r/raffles/999999/entries')).status).toBe(404);
  });

  it('pages 300 entrants with many ticket ties in both orders, each exactly once and in order', async () => {
    const id = await createRaffle();
    const db = stack.em.fork();
    // Tickets 1-5 each: ties everywhere, which the tickets order breaks by the earlier first entry.
    await enteredCrowd(id, 'tie', 300, 'points', '1 + (id % 5)');
    await stack.api.app.get(RafflesEntriesRepository).recount(db, id);
    const expected = async (order: string) =>
      (await db.execute<{ user_id: number }[]>(`select user_id from raffle_entries where raffle_id = ? order by ${order}`, [id])).map(
        (r) => r.user_id,
      );
    const walk = (order: 'tickets' | 'newest') => entrantPages(id, `order=${order}&limit=7`);
    expect(await walk('tickets')).toEqual(await expected('tickets desc, id'));
    expect(await walk('newest')).toEqual(await expected('id desc'));
    expect(new Set(await walk('tickets')).size).toBe(300);
  });

  it('a search few members match and one many match page through the same people, newest first', async () => {
    const id = await createRaffle();
    const db = stack.em.fork();
    // 2,100 entrants whose names share a prefix: more than a search looks up from the matching members.
    const tag = await enteredCrowd(id, 'crowd', 2100, 'passwordless');
    await db.execute(
      'insert into raffle_participants (raffle_id, user_id, first_entry_id) select raffle_id, user_id, id from raffle_entries where raffle_id = ?',
      [id],
    );
    const expected = async (pattern: string) =>
      (
        await db.execute<{ user_id: number }[]>(
          `select e.user_id from raffle_entries e join users u on u.id = e.user_id
           where e.raffle_id = ? and u.username like ? order by e.id desc`,
          [id, pattern],
        )
      ).map((r) => r.user_id);
    const pages = (text: string) => entrantPages(id, `order=newest&search=${encodeURIComponent(text)}`, 3);

    // Few: crowd_…_7, _70–_79, _700–_799 (111 members), looked up from the members the name matches.
    const few = await expected(`crowd\\_${tag}\\_7%`);
    expect(few).toHaveLength(111);
    expect(await pages(`${tag}_7`.toUpperCase())).toEqual(few);
    // Many: every one of the 2,100, found by walking the raffle's people; three pages of 50.
    const many = await expected(`crowd\\_${tag}\\_%`);
    expect(await pages(`crowd_${tag}_`)).toEqual(many.slice(0, 150));
  });

  it('password entry: hashed, checked, once per member', async () => {
    const id = await createRaffle({ allow_passwordless_entry: false, password: 'letmein' });
    const [stored] = await stack.em.fork().execute<{ password_hash: string }[]>('select password_hash from raffles where id = ?', [id]);
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('letmein');
    const m = await member();
    expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).body.message).toBe(
      'Free entry is not available for this raffle.',
    );
    expect(
      (await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: '  ' })).body.errors.password,
    ).toEqual(['Please enter the raffle password.']);
    expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: 'wrong' })).body.message).toBe(
      'Incorrect password.',
    );
    // The answer carries the member's entry, so the page needs no reload of the raffle or its list.
    expect(await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: 'letmein' })).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Successfully entered the raffle!',
        data: {
          entry: {
            id: expect.any(Number),
            entry_type: 'password',
            tickets: 1,
            created_at: expect.any(String),
            user: expect.objectContaining({ id: m.id }),
          },
        },
      },
    });
    expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: 'letmein' })).status).toBe(409);
  });

  it('two draw jobs racing give one set of winners; verify recomputes them; a changed entry changes the result; no entry after the end', async () => {
    const id = await createRaffle({ end_datetime: iso(3_600_000), number_of_winners: 5 });
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    const entered = await Promise.all(
      members.map((m) => m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })),
    );
    expect(entered.map((answer) => answer.status)).toEqual(entered.map(() => 200));
    // The raffle ends now, whatever the time its entries took on this host.
    await stack.em
      .fork()
      .execute(`update raffles set starts_at = now() - interval '1 hour', ends_at = now() - interval '1 second' where id = ?`, [id]);
    const late = await members[0].client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    expect(late.status).toBe(422);
    const newcomer = await member();
    expect((await newcomer.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).body.message).toBe(
      'This raffle has ended and no longer accepts entries.',
    );

    // The delayed job fires at the end time too; together with these three racing draws, exactly one may win.
    // drawAllDue also draws other tests' raffles that are due, so the count that matters is this raffle's draw events.
    const draws = stack.worker.get(RaffleDrawService);
    await Promise.all([draws.drawIfDue(id), draws.drawIfDue(id), draws.drawAllDue()]);
    const drawEvents = `select count(*) as n from outbox_events where type = 'raffle.drawn' and (payload ->> 'raffleId')::int = ? and payload ->> 'reroll' = 'false'`;
    expect(await count(drawEvents, [id])).toBe(1);
    const winners = await stack.em.fork().execute<{ user_id: number }[]>('select user_id from raffle_winners where raffle_id = ?', [id]);
    expect(winners).toHaveLength(5);
    expect(await count(`select count(*) as n from payouts where source = 'raffle' and source_id = ?`, [id])).toBe(5);
    expect(await count('select count(*) as n from raffle_entries where raffle_id = ?', [id])).toBe(12);

    const verify = await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`);
    const v = verify.body.data;
    expect(v.drawn).toBe(true);
    expect(v.matches).toBe(true);
    expect(v.entries).toHaveLength(12);
    expect(computeWinners(v.seed as string, v.entries, v.number_of_winners, [], v.algorithm)).toEqual(v.winners);
    expect(new Set(v.winners.map((w) => w.user_id))).toEqual(new Set(winners.map((w) => w.user_id)));
    const tampered = v.entries.map((e, i) => (i === 3 ? { ...e, tickets: e.tickets + 1 } : e));
    expect(computeWinners(v.seed as string, tampered, v.number_of_winners, [], v.algorithm)).not.toEqual(v.winners);

    const detail = await stack.api.client().json('GET', `/api/r/raffles/${id}`);
    expect(detail.body.data).toMatchObject({ status: 'Ended', has_ended: true, seed: v.seed });
    expect(detail.body.data.winners).toHaveLength(5);

    const reroll = await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 2 });
    expect(reroll.status).toBe(200);
    const after = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(after.rerolled_positions).toEqual([2]);
    expect(after.matches).toBe(true);
    expect(after.winners[1].user_id).not.toBe(v.winners[1].user_id);
    expect(await count(`select count(*) as n from audit_logs where action = 'raffle.reroll' and entity_id = ?`, [String(id)])).toBe(1);
  });

  it('publishes the entry list in entry id order across digit counts, so the hash recomputes literally', async () => {
    const id = await createRaffle({ number_of_winners: 2 });
    // The next ten ids cross a digit count (e.g. 96…105): ordered as text, 100–105 would come before 96.
    await stack.em
      .fork()
      .execute(`select setval('raffle_entries_id_seq', (10 ^ length((coalesce(max(id), 0) + 6)::text))::bigint - 5) from raffle_entries`);
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    for (const m of members) await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    // As a raffle created before v2 (docs/raffle-draws.md §7), which keeps v1's lines; v2's are checked in raffle-draw-v2.int-spec.
    await stack.em
      .fork()
      .execute(`update raffles set ends_at = now() - interval '1 second', draw_algorithm = 'kickback-raffle-v1' where id = ?`, [id]);
    expect((await stack.worker.get(RaffleDrawService).drawIfDue(id)).drawn).toBe(true);

    const v = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.algorithm).toBe('kickback-raffle-v1');
    const ids = v.entries.map((e) => e.entry_id);
    expect(new Set(ids.map((n) => String(n).length)).size).toBe(2);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // What docs/raffle-draws.md tells a verifier to do, without sorting: hash the lines in published order.
    const literal = createHash('sha256')
      .update(v.entries.map((e) => `${e.entry_id}:${e.user_id}:${e.tickets}\n`).join(''))
      .digest('hex');
    expect(literal).toBe(v.entries_hash);
  });

  it('four draws racing on a due raffle: exactly one draws, one set of winners', async () => {
    const id = await createRaffle({ number_of_winners: 2 });
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    await Promise.all(members.map((m) => m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })));
    // Its end passes now, far from any scheduled job: only these calls race.
    await stack.em.fork().execute(`update raffles set ends_at = now() - interval '1 second' where id = ?`, [id]);
    const draws = [stack.worker.get(RaffleDrawService), stack.api.app.get(RaffleDrawService)];
    const outcomes = await Promise.all([0, 1, 2, 3].map((i) => draws[i % 2]!.drawIfDue(id)));
    expect(outcomes.filter((o) => o.drawn)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.drawn && o.reason === 'already-drawn')).toHaveLength(3);
    expect(await count('select count(*) as n from raffle_winners where raffle_id = ?', [id])).toBe(2);
    const v = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.matches).toBe(true);
    expect(v.winners.map((w) => w.user_id)).toEqual(
      (outcomes.find((o) => o.drawn) as { winners: { user_id: number }[] }).winners.map((w) => w.user_id),
    );
  });

  it('entries racing "draw now": every accepted entry is in the published list, none slips in after', async () => {
    const id = await createRaffle({ number_of_winners: 3 });
    const members: { id: number; client: TestClient }[] = [];
    while (members.length < 60) members.push(...(await Promise.all(Array.from({ length: 10 }, () => member()))));
    const entering = members.map((m) => m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' }));
    const drawing = new Promise((r) => setTimeout(r, 5)).then(() => stack.admin.json('POST', `/api/admin/raffles/${id}/draw`));
    const [answers, drawn] = await Promise.all([Promise.all(entering), drawing]);
    expect(drawn.status).toBe(200);
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.body.message === 'This raffle has ended and no longer accepts entries.')).toBe(true);
    expect(await count('select count(*) as n from raffle_entries where raffle_id = ?', [id])).toBe(accepted);
    const v = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.entries).toHaveLength(accepted);
    expect(v.matches).toBe(true);
  });

  it('the delayed job draws at the end time and pushes raffle:drawn', async () => {
    const id = await createRaffle({ end_datetime: iso(1500), number_of_winners: 1 });
    const m = await member();
    await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    const socket = await stack.socket();
    const drawn = new Promise<{ winners: { id: number }[]; seed: string }>((resolve) => socket.on('raffle:drawn', resolve));
    socket.emit('room:join', `raffle:${id}`);
    const pushed = await drawn;
    expect(pushed.winners.map((w) => w.id)).toEqual([m.id]);
    expect(pushed.seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it("admin entry list: newest rows first, 100 a page, with the raffle's row and ticket totals", async () => {
    const id = await createRaffle();
    const users = await Promise.all(Array.from({ length: 101 }, () => createUser(stack.em)));
    const batcher = stack.api.app.get(FreeEntryBatcher);
    await Promise.all(users.map((u) => batcher.enter(u.id, id)));
    const first = await stack.admin.json('GET', `/api/admin/raffles/${id}/entries`);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 100, total: 101 });
    expect(first.body.tickets_total).toBe(101);
    const ids = first.body.data.map((e: { id: number }) => e.id);
    expect(ids).toHaveLength(100);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const second = await stack.admin.json('GET', `/api/admin/raffles/${id}/entries?page=2`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].id).toBeLessThan(Math.min(...ids));
    expect(new Set([...ids, second.body.data[0].id]).size).toBe(101);

    for (const page of ['0', 'abc', '1.5', '100001'])
      expect(await stack.admin.json('GET', `/api/admin/raffles/${id}/entries?page=${page}`)).toMatchObject({
        status: 422,
        body: { success: false },
      });
    expect((await stack.admin.json('GET', `/api/admin/raffles/${id}/entries?sort=id`)).status).toBe(422);
    expect((await stack.admin.json('GET', '/api/admin/raffles/999999/entries')).status).toBe(404);
  });

  it('admin draw-now, cancel with refunds, CSV export; all audited', async () => {
    const economy = stack.api.app.get(EconomyService);
    const id = await createRaffle({ allow_points_entry: true, points_per_entry: 50 });
    const m = await member();
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: m.id, amount: 100, reason: 'test.grant', idempotencyKey: `grant-${m.id}` }));
    await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: 100 });
    const csv = await stack.admin.request('GET', `/api/admin/raffles/${id}/entries.csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('entry_id,user_id,username,kick_username,entry_type,tickets,points_spent,created_at');
    expect(text).toContain(',points,2,100,');
    const cancel = await stack.admin.json('POST', `/api/admin/raffles/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(await economy.balanceOf(m.id)).toBe(100);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).body.message).toBe('This raffle has been cancelled.');

    const other = await createRaffle();
    await m.client.json('POST', `/api/r/raffles/${other}/enter`, { entry_type: 'passwordless' });
    const now = await stack.admin.json('POST', `/api/admin/raffles/${other}/draw`);
    expect(now.status).toBe(200);
    expect(now.body.data.winners.map((w: { id: number }) => w.id)).toEqual([m.id]);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${other}/draw`)).status).toBe(422);
    const actions = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where entity = 'raffle' and entity_id in (?, ?) order by id`, [
        String(id),
        String(other),
      ]);
    expect(actions.map((a) => a.action)).toEqual(['raffle.create', 'raffle.cancel', 'raffle.create', 'raffle.draw']);
    const bad = await stack.admin.json('POST', '/api/admin/raffles', {
      title: '',
      start_datetime: iso(0),
      end_datetime: iso(-10),
      number_of_winners: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['title', 'end_datetime', 'number_of_winners']));
  });

  /** Members and their free entries written in bulk (a raffle of more than one CSV page); the first one's name looks like a formula. */
  async function bulkEntrants(raffleId: number, howMany: number): Promise<string> {
    const tag = Math.random().toString(36).slice(2, 7);
    const db = stack.em.fork();
    await db.execute(
      `insert into users (username, name, kick_username, is_demo)
       select case when g = 1 then '=cmd_${tag}' else 'csv_${tag}_' || g end, 'Csv ' || g, 'csv_${tag}_' || g, true
       from generate_series(1, ?) g`,
      [howMany],
    );
    await db.execute(
      `insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
       select ?, id, 'passwordless', 1 from users where kick_username like ? order by id`,
      [raffleId, `csv\\_${tag}\\_%`],
    );
    return tag;
  }

  it('the CSV export streams 100,000 entries from a cursor: every entry once, in entry order, names as text', async () => {
    const id = await createRaffle();
    const tag = await bulkEntrants(id, 100_000);
    const csv = await stack.admin.request('GET', `/api/admin/raffles/${id}/entries.csv`);
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    const lines = (await csv.text()).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.shift()).toBe('entry_id,user_id,username,kick_username,entry_type,tickets,points_spent,created_at');
    expect(lines).toHaveLength(100_000);
    const rows = await stack.em.fork().execute<{ line: string }[]>(
      `select concat_ws(',', e.id, u.id, u.username, u.kick_username, e.entry_type, e.tickets, e.points_spent) as line
         from raffle_entries e join users u on u.id = e.user_id where e.raffle_id = ? order by e.id`,
      [id],
    );
    // Every line is its entry row in entry order; only the formula-like first name is written as text.
    const expected = rows.map((r, i) => (i === 0 ? r.line.replace(`,=cmd_${tag},`, `,'=cmd_${tag},`) : r.line));
    expect(lines.map((line) => line.slice(0, line.lastIndexOf(',')))).toEqual(expected);
    expect(lines[0]).toContain(`,'=cmd_${tag},csv_${tag}_1,passwordless,1,0,`);
    expect(lines.every((line) => /,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(line))).toBe(true);
    expect((await stack.admin.request('GET', '/api/admin/raffles/999999/entries.csv')).status).toBe(404);
  });

  it('the CSV export is the entries at the moment it started, though members enter while it is read', async () => {
    const id = await createRaffle();
    await bulkEntrants(id, 5050);
    const latecomer = await member();
    const exports = stack.api.app.get(AdminRafflesService);
    /** Export cursors whose transaction waits for its reader. */
    const openCursors = () =>
      count(
        `select count(*) as n from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%' and query like 'fetch forward % from query_cursor'`,
        [],
      );
    const file = await exports.entriesCsv(id);
    let abandoned: Readable | undefined;
    try {
      let text = '';
      const chunks = file[Symbol.asyncIterator]();
      // The first chunk: the cursor is open and its snapshot taken; the rest waits for the reader.
      text += String((await chunks.next()).value);
      await waitFor(async () => (await openCursors()) === 1, 10_000, 'the export to wait for its reader');
      // An entry committed while the file is being read.
      const entered = await latecomer.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
      expect(entered.status).toBe(200);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) text += String(next.value);
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(5051);
      expect(lines.some((line) => line.split(',')[1] === String(latecomer.id))).toBe(false);
      // The export gave its connection back: the next one sees the latecomer.
      const again = await stack.admin.request('GET', `/api/admin/raffles/${id}/entries.csv`);
      expect((await again.text()).split('\r\n').filter(Boolean)).toHaveLength(5052);

      // A download abandoned halfway (the response stream is destroyed) closes its cursor and transaction too.
      abandoned = await exports.entriesCsv(id);
      await abandoned[Symbol.asyncIterator]().next();
      await waitFor(async () => (await openCursors()) === 1, 10_000, 'the abandoned export to wait for its reader');
      abandoned.destroy();
      await waitFor(async () => (await openCursors()) === 0, 10_000, 'the abandoned export to close its cursor');
    } finally {
      // A failed expectation must not leave a connection checked out: the stack could not close.
      file.destroy();
      abandoned?.destroy();
    }
  });

  it('Recent Winners lists standing winners newest first; a rerolled winner gives way to the new one', async () => {
    const first = await createRaffle({ number_of_winners: 2, prize_description: 'Gaming chair', prize_value_usd: 300 });
    const members = [await member(), await member(), await member()];
    for (const m of members)
      expect((await m.client.json('POST', `/api/r/raffles/${first}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${first}/draw`)).status).toBe(200);
    const drawn = await stack.em
      .fork()
      .execute<{ position: number; user_id: number }[]>(
        'select position, user_id from raffle_winners where raffle_id = ? order by position',
        [first],
      );
    expect((await stack.admin.json('POST', `/api/admin/raffles/${first}/reroll`, { position: 1 })).status).toBe(200);
    const second = await createRaffle({ number_of_winners: 1 });
    expect((await members[0]!.client.json('POST', `/api/r/raffles/${second}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    // The Recent Winners page listens in the 'winners' room: every draw reaches it.
    const watcher = await stack.socket();
    await joinRoom(watcher, 'winners');
    const drawnPush = new Promise<{ raffle_id: number; winners: { id: number }[] }>((resolve) => watcher.once('raffle:drawn', resolve));
    expect((await stack.admin.json('POST', `/api/admin/raffles/${second}/draw`)).status).toBe(200);
    expect(await drawnPush).toMatchObject({ raffle_id: second, winners: [{ id: members[0]!.id }] });

    const res = await stack.api
      .client()
      .json<{ data: RecentWinner[]; pagination: { current_page: number; total: number } }>('GET', '/api/r/winners');
    expect(res.status).toBe(200);
    const top = res.body.data.slice(0, 3).map((w) => [w.subject.id, w.position]);
    expect(top).toEqual([
      [second, 1],
      [first, 1],
      [first, 2],
    ]);
    const rerolledIn = res.body.data[1]!;
    expect(rerolledIn.user!.id).not.toBe(drawn[0]!.user_id);
    expect(res.body.data[2]).toMatchObject({
      user: { id: drawn[1]!.user_id },
      source: 'raffle',
      subject: { id: first, title: 'Weekend raffle', path: `/raffles/${first}` },
      prize: 'Gaming chair',
      // Two winners share the $300 prize.
      prize_value_usd: 150,
    });
    // The rerolled winner is no longer listed for that raffle.
    expect(res.body.data.filter((w) => w.subject.id === first).map((w) => w.user!.id)).not.toContain(drawn[0]!.user_id);
    expect(res.body.pagination).toMatchObject({ current_page: 1, total: expect.any(Number) });

    const beyond = await stack.api.client().json<{ data: RecentWinner[] }>('GET', '/api/r/winners?page=999');
    expect([beyond.status, beyond.body.data]).toEqual([200, []]);
    const bad = await stack.api.client().json('GET', '/api/r/winners?page=zero');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.page).toBeDefined();
  });
});
