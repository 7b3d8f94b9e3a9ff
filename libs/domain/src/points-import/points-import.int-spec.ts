import { connect } from 'node:net';
import { integrationStack, auditActions, createUser, waitFor, type TestClient } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';

/**
 * The sample files are written from the formats as documented (docs/points-import.md): StreamElements' points list
 * answer ({ _total, users: [{ username, points }] }) and a CSV with a header row whose columns the admin names, as a
 * BotRix or spreadsheet export would come.
 */
describe('points import (real PostgreSQL + Redis)', () => {
  let economy: EconomyService;
  let admin: TestClient;
  let adminId: number;

  // The worker credits waiting points when their member logs in.
  const stack = integrationStack({ worker: true });

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    admin = stack.api.client();
    await admin.loginAs(adminId);
  });

  const tag = () => Math.random().toString(36).slice(2, 7);

  async function send(path: string, body: string, contentType = 'text/plain') {
    const res = await admin.request('POST', path, { body, headers: { 'content-type': contentType } });
    return { status: res.status, body: (await res.json()) as any };
  }
  const dryRun = (query: string, body: string, type?: string) => send(`/api/admin/points-imports/dry-run?${query}`, body, type);
  const apply = (query: string, body: string, type?: string) => send(`/api/admin/points-imports?${query}`, body, type);

  const count = async (sql: string, params: unknown[] = []) => Number((await stack.em.fork().execute<{ n: string }[]>(sql, params))[0]!.n);
  const importLedger = (importId: number) =>
    stack.em
      .fork()
      .execute<{ user_id: number; delta: string; reason: string }[]>(
        `select user_id, delta::text as delta, reason from points_ledger where reference = ? order by id`,
        [`import:${importId}`],
      );

  it('StreamElements list: dry run, apply, re-apply (no change), a later first login, roll back', async () => {
    const t = tag();
    const ann = await createUser(stack.em, { kickUsername: `Ann_${t}` });
    const bob = await createUser(stack.em, { kickUsername: `bob_${t}` });
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: bob.id, amount: 10, reason: 'test.grant', idempotencyKey: `g-${t}` }));
    const file = JSON.stringify({
      _total: 6,
      users: [
        { username: `ann_${t}`, points: 1500 },
        { username: `BOB_${t}`, points: 250, watchtime: 90 },
        { username: `cat_${t}`, points: 75 },
        { username: `ann_${t}`, points: 9 },
        { username: 'not a name!', points: 5 },
        { username: `dan_${t}`, points: 0 },
      ],
    });

    const preview = await dryRun('format=streamelements', file);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      format: 'streamelements',
      rows_read: 6,
      matched: {
        count: 2,
        points: 1750,
        rows: [
          { kick_username: `ann_${t}`, points: 1500, watch_minutes: null, user: { id: ann.id, username: ann.username } },
          { kick_username: `BOB_${t}`, points: 250, watch_minutes: 90, user: { id: bob.id, username: bob.username } },
        ],
      },
      unknown: { count: 1, points: 75, rows: [{ kick_username: `cat_${t}`, points: 75, watch_minutes: null }] },
      duplicates: { count: 1, rows: [{ line: 4, kick_username: `ann_${t}` }] },
      invalid: {
        count: 2,
        rows: [
          { line: 5, message: '"not a name!" is not a Kick username.' },
          { line: 6, message: '0 points: nothing to import.' },
        ],
      },
      total_points: 1825,
      total_watch_minutes: 90,
      already_applied: null,
    });
    // A dry run writes nothing.
    expect(await count('select count(*) as n from points_imports')).toBe(0);
    expect(await economy.balanceOf(ann.id)).toBe(0);

    const applied = await apply('format=streamelements', file);
    expect(applied.status).toBe(201);
    expect(applied.body.message).toBe('Imported 1,825 points for 3 Kick names: 2 members credited, 1 name waits for a first login.');
    const batch = applied.body.data.batch;
    expect(batch).toMatchObject({ format: 'streamelements', status: 'applied', rows: 3, total_points: 1825, credited: 2, waiting: 1 });
    expect([await economy.balanceOf(ann.id), await economy.balanceOf(bob.id)]).toEqual([1500, 260]);
    expect(await importLedger(batch.id)).toEqual([
      { user_id: ann.id, delta: '1500', reason: 'import' },
      { user_id: bob.id, delta: '250', reason: 'import' },
    ]);

    // The same rows again, as the same file or as a CSV of them: one batch, nothing changes.
    const again = await apply('format=streamelements', file);
    expect([again.status, again.body.data.applied, again.body.data.batch.id]).toEqual([200, false, batch.id]);
    expect(again.body.message).toBe(`These rows were already imported as import #${batch.id}; nothing changed.`);
    const asCsv = `username,points,watch\nann_${t},1500,\nbob_${t},250,90\ncat_${t},75,\n`;
    const csvAgain = await apply('format=csv&watch_time_column=watch', asCsv, 'text/csv');
    expect([csvAgain.status, csvAgain.body.data.applied]).toEqual([200, false]);
    expect((await dryRun('format=streamelements', file)).body.data.already_applied).toEqual({ id: batch.id, created_at: batch.created_at });
    expect([await economy.balanceOf(ann.id), await economy.balanceOf(bob.id)]).toEqual([1500, 260]);
    expect(await count('select count(*) as n from points_imports')).toBe(1);
    expect(await importLedger(batch.id)).toHaveLength(2);

    // cat has not logged in yet: their points wait for the first login.
    const cat = await createUser(stack.em, { kickUsername: `Cat_${t}` });
    expect(await economy.balanceOf(cat.id)).toBe(0);
    await stack.api.client().loginAs(cat.id);
    await waitFor(async () => (await economy.balanceOf(cat.id)) === 75, 15_000, 'the waiting points at the first login');
    expect((await admin.json('GET', `/api/admin/points-imports/${batch.id}`)).body.data).toMatchObject({ credited: 3, waiting: 0 });
    // Later logins credit nothing more.
    await stack.api.client().loginAs(cat.id);
    await waitFor(
      async () => (await count(`select count(*) as n from processed_events where consumer = 'points-import.waiting'`)) >= 2,
      15_000,
      'the second login handled',
    );
    expect(await economy.balanceOf(cat.id)).toBe(75);

    // Bob spent part of his imported points: the import can no longer be rolled back, and nothing changes.
    await stack.em
      .fork()
      .transactional((tx) => economy.debit(tx, { userId: bob.id, amount: 100, reason: 'store.redeem', idempotencyKey: `spend-${t}` }));
    const refused = await admin.json('POST', `/api/admin/points-imports/${batch.id}/rollback`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      message: `bob_${t} has already spent points from this import, so it can no longer be rolled back.`,
    });
    expect([await economy.balanceOf(ann.id), await economy.balanceOf(bob.id), await economy.balanceOf(cat.id)]).toEqual([1500, 160, 75]);

    // Once his balance covers it again, the rollback takes every credit back in one go.
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: bob.id, amount: 100, reason: 'test.grant', idempotencyKey: `back-${t}` }));
    const rolled = await admin.json('POST', `/api/admin/points-imports/${batch.id}/rollback`);
    expect(rolled.status).toBe(200);
    expect(rolled.body.message).toBe(`Import #${batch.id} rolled back: 3 credits taken back.`);
    expect(rolled.body.data).toMatchObject({ status: 'rolled_back', waiting: 0 });
    expect([await economy.balanceOf(ann.id), await economy.balanceOf(bob.id), await economy.balanceOf(cat.id)]).toEqual([0, 10, 0]);
    expect((await admin.json('POST', `/api/admin/points-imports/${batch.id}/rollback`)).status).toBe(409);
    expect(await auditActions(stack.em, 'points_import', batch.id)).toEqual([
      { action: 'points.import', actor_id: adminId },
      { action: 'points.import.rollback', actor_id: adminId },
    ]);
    // A rolled-back file can be imported again, as a new batch.
    const reimport = await apply('format=streamelements', file);
    expect([reimport.status, reimport.body.data.batch.id === batch.id]).toEqual([201, false]);
    expect(await economy.balanceOf(ann.id)).toBe(1500);
  });

  it('CSV with a column mapping: watch time, waiting names cancelled by a rollback, column and file errors per field', async () => {
    const t = tag();
    const eve = await createUser(stack.em, { kickUsername: `eve_${t}` });
    const file = [`"Kick Name","Loyalty Points","Watch Time"`, `eve_${t},"1,200",300`, `@fay_${t},40,`, `gus_${t},12.5,10`, ''].join(
      '\r\n',
    );
    const query = 'format=csv&username_column=kick%20name&points_column=Loyalty%20Points&watch_time_column=Watch%20Time';

    const preview = await dryRun(query, file, 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      rows_read: 3,
      matched: { count: 1, points: 1200 },
      unknown: { count: 1, points: 40, rows: [{ kick_username: `fay_${t}`, points: 40, watch_minutes: null }] },
      invalid: { count: 1, rows: [{ line: 4, message: '"12.5" is not a whole number of points.' }] },
      total_points: 1240,
      total_watch_minutes: 300,
    });

    const applied = await apply(query, file, 'text/csv');
    expect(applied.status).toBe(201);
    expect(applied.body.message).toBe('Imported 1,240 points for 2 Kick names: 1 member credited, 1 name waits for a first login.');
    const id = applied.body.data.batch.id as number;
    expect(await economy.balanceOf(eve.id)).toBe(1200);
    expect((await admin.json('POST', `/api/admin/points-imports/${id}/rollback`)).status).toBe(200);
    expect(await economy.balanceOf(eve.id)).toBe(0);
    // The rolled-back batch's waiting name is credited nothing at its first login.
    const fay = await createUser(stack.em, { kickUsername: `fay_${t}` });
    await stack.api.client().loginAs(fay.id);
    await waitFor(
      async () =>
        (await count(
          `select count(*) as n from processed_events p join outbox_events o on o.id = p.event_id
           where p.consumer = 'points-import.waiting' and (o.payload->>'userId')::int = ?`,
          [fay.id],
        )) === 1,
      15_000,
      "fay's login handled",
    );
    expect(await economy.balanceOf(fay.id)).toBe(0);

    const missing = await dryRun(
      'format=csv&username_column=user&points_column=Loyalty%20Points&watch_time_column=minutes',
      file,
      'text/csv',
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      username_column: [`The file's header has no "user" column.`],
      watch_time_column: [`The file's header has no "minutes" column.`],
    });
    expect((await dryRun('format=csv', 'username,points\n"ann,5\n', 'text/csv')).body.errors.file[0]).toMatch(/^Unreadable CSV: /);
    expect((await dryRun('format=csv', 'username,points\n', 'text/csv')).body.errors).toEqual({ file: ['The file has no rows.'] });
    expect((await dryRun('format=streamelements', '{"data":[]}')).body.errors).toEqual({
      file: ['This is not a StreamElements points list: expected JSON with a "users" list of { username, points }.'],
    });
    // The file is the body itself: JSON fields are refused by name, another body type as a whole.
    const json = await admin.json('POST', '/api/admin/points-imports/dry-run?format=csv', { csv: file });
    expect([json.status, json.body.errors]).toEqual([
      422,
      { csv: ['Unknown field: send the file itself as the body (text/csv or text/plain).'] },
    ]);
    const form = await admin.request('POST', '/api/admin/points-imports/dry-run?format=csv', { json: [] });
    expect(form.status).toBe(415);
    expect((await dryRun('format=xls', file)).body.errors).toEqual({ format: ['Choose StreamElements or CSV'] });
    const huge = await dryRun('format=csv', `username,points\n${'a'.repeat(10 * 1024 * 1024)}`, 'text/csv');
    expect(huge).toEqual({
      status: 413,
      body: { success: false, message: 'The file is larger than 10 MB.', errors: { file: ['The file is larger than 10 MB.'] } },
    });
    expect((await admin.json('GET', '/api/admin/points-imports?page=1')).body.data.map((b: { id: number }) => b.id)).toContain(id);
    expect((await admin.json('GET', '/api/admin/points-imports/999999')).status).toBe(404);
  });

  it('a file refused for too many rows is read to its end, so the next request on the keep-alive connection is answered', async () => {
    const rows = Array.from({ length: 160_000 }, (_, i) => `viewer_${i},1\n`).join('');
    const file = Buffer.from(`username,points\n${rows}`);
    const { hostname: host, port } = new URL(stack.api.url);
    const head = (method: string, path: string, extra: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nCookie: ${admin.cookieHeader}\r\nX-CSRF-Token: ${admin.csrfToken}\r\n` +
      `Origin: ${stack.api.url}\r\n${extra}\r\n`;
    // Both requests on one connection, the second right behind the refused file (the second asks to close afterwards).
    const socket = connect(Number(port), host);
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()).once('error', () => resolve()));
    socket.write(
      head('POST', '/api/admin/points-imports/dry-run?format=csv', `Content-Type: text/csv\r\nContent-Length: ${file.length}\r\n`),
    );
    socket.write(file);
    socket.write(head('GET', '/api/admin/points-imports?page=1', 'Connection: close\r\n'));
    await ended;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([422, 200]);
    expect(received).toContain('At most 100,000 rows per import.');
  });

  it('a file of 20,000 names: 12,000 members credited in chunks, the rest waiting; re-applied and rolled back whole', async () => {
    const t = tag();
    await stack.em.fork().execute(
      `insert into users (username, name, kick_username, is_demo)
       select 'bulk_${t}_' || g, 'Bulk ' || g, 'Bulk_${t}_' || g, true from generate_series(1, 12000) g`,
    );
    const lines = Array.from({ length: 20_000 }, (_, i) => `bulk_${t}_${i + 1},${(i % 97) + 1}`);
    const file = `name,balance\n${lines.join('\n')}\n`;
    const query = 'format=csv&username_column=name&points_column=balance';
    const total = lines.reduce((n, _line, i) => n + (i % 97) + 1, 0);
    const credited = lines.slice(0, 12_000).reduce((n, _line, i) => n + (i % 97) + 1, 0);
    const balances = () =>
      stack.em
        .fork()
        .execute<{ n: string; sum: string }[]>(
          `select count(*)::text as n, coalesce(sum(w.balance), 0)::text as sum from users u join wallets w on w.user_id = u.id
           where u.kick_username like ? and w.balance > 0`,
          [`Bulk\\_${t}\\_%`],
        )
        .then(([row]) => [Number(row!.n), Number(row!.sum)]);

    const preview = await dryRun(query, file, 'text/csv');
    expect(preview.body.data).toMatchObject({
      rows_read: 20_000,
      matched: { count: 12_000, points: credited },
      unknown: { count: 8_000, points: total - credited },
    });
    expect(preview.body.data.matched.rows).toHaveLength(50);
    const applied = await apply(query, file, 'text/csv');
    expect(applied.body.data.batch).toMatchObject({ rows: 20_000, credited: 12_000, waiting: 8_000, total_points: total });
    expect(await balances()).toEqual([12_000, credited]);
    expect((await apply(query, file, 'text/csv')).body.data.applied).toBe(false);
    expect(await balances()).toEqual([12_000, credited]);
    const rolled = await admin.json('POST', `/api/admin/points-imports/${applied.body.data.batch.id}/rollback`);
    expect(rolled.status).toBe(200);
    expect(await balances()).toEqual([0, 0]);
    expect(
      await count(`select count(*) as n from points_ledger where reason = 'import.rollback' and reference = ?`, [
        `import:${applied.body.data.batch.id}`,
      ]),
    ).toBe(12_000);
  });
});
