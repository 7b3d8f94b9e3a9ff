import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { ACCOUNT_ARCHIVE_PARTS, computeWinners, type AccountExport, type RaffleVerification } from '@kickback/contracts';
import { integrationStack, createUser, waitFor, type TestClient, openRaffle } from '@kickback/testing';
import { runDemoSeed } from '../demo/demo-seed';
import { RaffleDrawService } from '../raffles/raffle-draw.service';

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

function connect(url: string, cookie: string): Socket {
  return io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
}

describe('member data rights: download my data, delete my account (real PostgreSQL + Redis, api + worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  beforeAll(async () => {
    await runDemoSeed(stack.em.fork());
  });

  async function as(userId: number): Promise<TestClient> {
    const client = stack.api.client();
    await client.loginAs(userId);
    return client;
  }

  const raffleTakingEntries = (title: string, fields: Record<string, unknown> = {}) => openRaffle(stack.admin, { title, ...fields });

  /** Ends the raffle now and draws it as the worker does at its end. */
  async function drawNow(raffleId: number): Promise<void> {
    await stack.em.fork().execute(`update raffles set ends_at = now() - interval '1 second' where id = ?`, [raffleId]);
    expect((await stack.worker.get(RaffleDrawService).drawIfDue(raffleId)).drawn).toBe(true);
  }

  /** The member's latest archive once the worker has built it. */
  const archiveReady = (client: TestClient) =>
    waitFor(async () => {
      const latest = (await client.json<{ data: AccountExport }>('GET', '/api/r/account/export')).body.data;
      return latest.status === 'ready' ? latest : null;
    }, 15_000);

  it('the archive holds every listed part (tickets with their images, redemptions with their codes), for its owner only, for a limited time', async () => {
    // A demo member who has points and has entered raffles and predicted hunts and tournaments (the demo seed's data).
    const [chosen] = await stack.em.fork().execute<{ id: number; username: string }[]>(
      `select u.id, u.username from users u
       where u.is_demo and u.role = 'member'
         and exists (select 1 from points_ledger l where l.user_id = u.id)
         and exists (select 1 from raffle_entries e where e.user_id = u.id)
         and exists (select 1 from hunt_predictions p where p.user_id = u.id)
         and exists (select 1 from tournament_predictions p where p.user_id = u.id)
       order by u.id limit 1`,
    );
    expect(chosen).toBeDefined();
    const member = await as(chosen!.id);
    const body = new FormData();
    for (const [k, v] of Object.entries({ title: 'Prize missing', description: 'My prize never arrived.', priority: 'high' }))
      body.append(k, v);
    const [{ id: categoryId }] = await stack.em
      .fork()
      .execute<{ id: number }[]>('select id from ticket_categories order by position limit 1');
    body.append('category_id', String(categoryId));
    body.append('images[]', new Blob([await png('#ff0000')], { type: 'image/png' }), 'receipt.png');
    expect((await member.request('POST', '/api/r/tickets', { body })).status).toBe(200);
    // A code from the store: the worker hands one out after the redemption commits.
    const [codeItem] = await stack.em
      .fork()
      .execute<{ id: number }[]>(`select id from store_items where fulfilment = 'code' order by id limit 1`);
    await stack.admin.json('POST', `/api/admin/users/${chosen!.id}/points`, { delta: 100_000, note: 'Data export test' });
    expect((await member.json('POST', `/api/r/store/${codeItem!.id}/redeem`)).status).toBe(200);
    await waitFor(async () => {
      const [r] = await stack.em
        .fork()
        .execute(`select 1 from store_redemptions r join store_codes c on c.redemption_id = r.id where r.user_id = ?`, [chosen!.id]);
      return r;
    }, 10_000);
    const other = await createUser(stack.em.fork(), {});
    expect((await member.json('POST', '/api/r/friends/request', { user_id: other.id })).status).toBe(200);

    expect((await member.json('GET', '/api/r/account/export')).body.data).toBeNull();
    const socket = connect(stack.api.url, member.cookieHeader);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    const pushed = new Promise<AccountExport>((resolve) => socket.once('user:account-export', resolve));
    const requested = await member.json<{ data: AccountExport }>('POST', '/api/r/account/export');
    expect(requested.status).toBe(202);
    expect(requested.body.data).toMatchObject({ status: 'pending', download_url: null });
    const ready = await archiveReady(member);
    expect(await pushed).toEqual(ready);
    socket.close();
    expect(new Date(ready.expires_at!).getTime() - new Date(ready.ready_at!).getTime()).toBe(48 * 3_600_000);
    // Asked again at once: refused, one archive at a time and at most every ten minutes.
    expect((await member.json('POST', '/api/r/account/export')).status).toBe(429);

    const res = await member.get(ready.download_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kickback-my-data-${ready.id}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const archive = (await res.json()) as Record<string, any>;
    for (const part of ACCOUNT_ARCHIVE_PARTS) expect(archive[part]).toBeDefined();
    expect(archive.profile).toMatchObject({ id: chosen!.id, username: chosen!.username });
    expect(Object.keys(archive.settings)).toEqual(expect.arrayContaining(['crypto1', 'twitter_user', 'website']));
    for (const list of [
      'points_ledger',
      'raffle_entries',
      'hunt_predictions',
      'tournament_predictions',
      'redemptions',
      'tickets',
      'friends',
    ])
      expect(archive[list].length).toBeGreaterThan(0);
    expect(archive.redemptions.some((r: { code: string | null }) => typeof r.code === 'string' && r.code.length > 0)).toBe(true);
    // Every prize owed to the member, as the payout ledger holds them (the code item's delivery is one when it has a value).
    const owed = await stack.em
      .fork()
      .execute<{ id: string; status: string }[]>('select id::text as id, status from payouts where user_id = ? order by id', [chosen!.id]);
    expect(owed.length).toBeGreaterThan(0);
    expect(archive.payouts.map((p: { id: string; status: string }) => ({ id: p.id, status: p.status }))).toEqual(owed);
    const ticket = archive.tickets.find((t: { title: string }) => t.title === 'Prize missing');
    expect(ticket.images).toHaveLength(1);
    const image = Buffer.from(ticket.images[0].data_base64, 'base64');
    expect(image.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(archive.friends).toContainEqual(expect.objectContaining({ user_id: other.id, status: 'pending', direction: 'sent' }));

    // Nobody else can fetch it, and once expired it is gone.
    const stranger = await as(other.id);
    expect((await stranger.get(ready.download_url!)).status).toBe(404);
    expect((await stack.api.client().get(ready.download_url!)).status).toBe(401);
    await stack.em.fork().execute(`update account_exports set expires_at = now() - interval '1 second' where id = ?`, [ready.id]);
    expect((await member.get(ready.download_url!)).status).toBe(404);
    expect((await member.json<{ data: AccountExport }>('GET', '/api/r/account/export')).body.data.status).toBe('expired');
    const audits = await stack.em
      .fork()
      .execute(`select 1 from audit_logs where action = 'account.export.request' and entity_id = ?`, [String(chosen!.id)]);
    expect(audits).toHaveLength(1);
  });

  it('the archive tells a raffle win with its claim, and entries taken out of a draw with the reason', async () => {
    const member = await createUser(stack.em.fork(), {});
    const client = await as(member.id);
    const won = await raffleTakingEntries('Claimed prize', { claim_window_minutes: 60 });
    expect((await client.json('POST', `/api/r/raffles/${won}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    await drawNow(won);
    expect((await client.json('POST', `/api/r/raffles/${won}/claim`)).status).toBe(200);
    // A raffle whose rules, applied after the entry, take the new account out.
    const ruled = await raffleTakingEntries('Veterans only');
    expect((await client.json('POST', `/api/r/raffles/${ruled}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    await stack.admin.json('PUT', `/api/admin/raffles/${ruled}`, { entry_rules: { min_account_age_days: 30 } });
    expect((await stack.admin.json('POST', `/api/admin/raffles/${ruled}/apply-rules`)).body.data.taken_out).toBe(1);

    expect((await client.json('POST', '/api/r/account/export')).status).toBe(202);
    const ready = await archiveReady(client);
    const archive = (await (await client.get(ready.download_url!)).json()) as { raffle_entries: Record<string, unknown>[] };
    const byRaffle = new Map(archive.raffle_entries.map((e) => [e.raffle_id, e]));
    expect(byRaffle.get(won)).toMatchObject({
      raffle_title: 'Claimed prize',
      won: true,
      win_position: 1,
      excluded: false,
      prize_passed_on: false,
    });
    expect(byRaffle.get(won)!.claimed_at).not.toBeNull();
    expect(byRaffle.get(won)!.claim_deadline).not.toBeNull();
    expect(byRaffle.get(ruled)).toMatchObject({ raffle_title: 'Veterans only', won: false, excluded: true, excluded_because: 'rules' });
  });

  it("deleting an account removes personal data, ends sessions and sockets, and the member's raffle draw still verifies", async () => {
    const raffleId = await raffleTakingEntries('Data rights raffle', {
      description: 'Win a prize',
      number_of_winners: 3,
      prize_value_usd: 10,
    });
    const members = await Promise.all([0, 1, 2, 3].map(() => createUser(stack.em.fork())));
    const clients = await Promise.all(members.map((m) => as(m.id)));
    for (const c of clients)
      expect((await c.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    await drawNow(raffleId);
    const before = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${raffleId}/verify`)).body.data;
    const winnerId = before.winners[0]!.user_id;
    const leaving = members.find((m) => m.id === winnerId)!;
    const client = clients[members.indexOf(leaving)]!;
    const ledgerBefore = await stack.em.fork().execute('select id, delta from points_ledger where user_id = ? order by id', [leaving.id]);

    const socket = connect(stack.api.url, client.cookieHeader);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const wrong = await client.json('POST', '/api/r/account/delete', { confirm_username: 'someone-else' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.confirm_username).toEqual(['That is not your username.']);
    const deleted = await client.request('POST', '/api/r/account/delete', { json: { confirm_username: leaving.username.toUpperCase() } });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().join(';')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
    expect((await client.json('GET', '/api/r/profile/settings')).status).toBe(401);

    const [row] = await stack.em
      .fork()
      .execute('select username, name, email, kick_user_id, kick_username, avatar_url, bio, deleted_at from users where id = ?', [
        leaving.id,
      ]);
    expect(row).toMatchObject({
      username: `Deleted member #${leaving.id}`,
      name: 'Deleted member',
      email: null,
      kick_user_id: null,
      kick_username: null,
      avatar_url: null,
      bio: '',
    });
    expect(row.deleted_at).not.toBeNull();
    expect((await stack.api.client().json('GET', `/api/r/user/${encodeURIComponent(leaving.username)}`)).status).toBe(404);
    expect(await stack.em.fork().execute('select id, delta from points_ledger where user_id = ? order by id', [leaving.id])).toEqual(
      ledgerBefore,
    );

    // The draw still verifies: same entries, same winners, recomputed from the published list.
    const after = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${raffleId}/verify`)).body.data;
    expect(after.matches).toBe(true);
    expect(after.entries).toEqual(before.entries);
    expect(after.winners).toEqual(before.winners);
    expect(computeWinners(after.seed as string, after.entries, after.number_of_winners, [], after.algorithm)).toEqual(after.winners);
    // Recent Winners recorded the name at the draw; it shows the pseudonym now.
    const recent = JSON.stringify((await stack.api.client().json('GET', '/api/r/winners?source=raffle')).body.data);
    expect(recent.toLowerCase()).not.toContain(leaving.username.toLowerCase());
    expect(recent).toContain(`Deleted member #${leaving.id}`);
    const page = (await stack.api.client().json('GET', `/api/r/raffles/${raffleId}`)).body.data;
    expect(page.winners.map((w: { username: string }) => w.username)).toContain(`Deleted member #${leaving.id}`);

    const [audit] = await stack.em
      .fork()
      .execute(`select actor_id, after from audit_logs where action = 'account.delete' and entity_id = ?`, [String(leaving.id)]);
    expect(audit).toMatchObject({ actor_id: leaving.id, after: { username: `Deleted member #${leaving.id}` } });
    // A deleted account cannot come back through the demo login either.
    const again = stack.api.client();
    await again.refreshCsrf();
    const login = await again.request('POST', '/login/dev', {
      form: { _csrf: again.csrfToken!, user_id: String(leaving.id) },
      csrf: false,
    });
    expect(login.headers.get('location')).not.toBe('/');
  });

  it("after a deletion no column anywhere holds the member's Kick name or Kick id (imports, ledger keys, Kick facts)", async () => {
    const t = Math.random().toString(36).slice(2, 7);
    const kickName = `Leaver_${t}`;
    const kickId = String(7_000_000 + Math.floor(Math.random() * 1_000_000));
    // Points imported for the Kick name before the member's first login, credited at that login.
    const file = JSON.stringify({ _total: 1, users: [{ username: kickName.toLowerCase(), points: 120 }] });
    const imported = await stack.admin.request('POST', '/api/admin/points-imports?format=streamelements', {
      body: file,
      headers: { 'content-type': 'text/plain' },
    });
    expect(imported.status).toBe(201);
    const leaving = await createUser(stack.em.fork(), { kickUsername: kickName });
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, leaving.id]);
    const client = await as(leaving.id);
    await waitFor(
      async () =>
        (await stack.em.fork().execute(`select 1 from points_import_rows where user_id = ? and credited_at is not null`, [leaving.id]))
          .length === 1,
      15_000,
      'the imported points credited at the first login',
    );
    // What Kick's webhooks leave (as the activity service writes them): a follow award and its ledger row, the viewer's
    // facts, the chatter row, and an award for the Kick id still waiting for a member.
    await stack.em
      .fork()
      .execute(
        `insert into activity_awards (key, source, kick_user_id, user_id, points, xp, credited_at) values (?, 'follow', ?, ?, 10, 10, now())`,
        [`follow:${kickId}`, kickId, leaving.id],
      );
    await stack.em
      .fork()
      .execute(`insert into activity_awards (key, source, kick_user_id, points, xp) values (?, 'chat', ?, 5, 5)`, [
        `kick:msg-${t}`,
        kickId,
      ]);
    await stack.em
      .fork()
      .execute(`insert into points_ledger (user_id, delta, reason, idempotency_key) values (?, 10, 'activity.follow', ?)`, [
        leaving.id,
        `activity:follow:${kickId}`,
      ]);
    await stack.em.fork().execute(`insert into kick_viewers (kick_user_id, followed_at) values (?, now())`, [kickId]);
    await stack.em.fork().execute(`insert into activity_chatters (kick_user_id, username) values (?, ?)`, [kickId, kickName]);

    expect((await client.json('POST', '/api/r/account/delete', { confirm_username: leaving.username })).status).toBe(200);

    const columns = await stack.em.fork().execute<{ table_name: string; column_name: string; data_type: string }[]>(
      `select c.table_name, c.column_name, c.data_type from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'bigint')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name, data_type } of columns) {
      const [{ n }] = await stack.em
        .fork()
        .execute<{ n: number }[]>(
          data_type === 'bigint'
            ? `select count(*)::int as n from "${table_name}" where "${column_name}" = ?::bigint`
            : `select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike ? or "${column_name}"::text like ?`,
          data_type === 'bigint' ? [kickId] : [`%${kickName}%`, `%${kickId}%`],
        );
      if (n > 0) found.push(`${table_name}.${column_name}`);
    }
    expect(found).toEqual([]);
    // The imported points stay in the member's ledger, so their balance and the import's totals still add up.
    expect(
      await stack.em.fork().execute(`select delta::int as delta from points_ledger where user_id = ? and reason = 'import'`, [leaving.id]),
    ).toEqual([{ delta: 120 }]);
  });

  it('an admin must be made a member before deleting their account', async () => {
    const res = await stack.admin.json('POST', '/api/r/account/delete', { confirm_username: 'x' });
    expect(res.status).toBe(422);
    const { id, username } = await createUser(stack.em.fork(), { role: 'Admin' });
    const other = await as(id);
    const refused = await other.json('POST', '/api/r/account/delete', { confirm_username: username });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/admin account cannot be deleted/);
  });
});
