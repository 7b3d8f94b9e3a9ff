import sharp from 'sharp';
import { io } from 'socket.io-client';
import { PayoutLedgerService, PayoutsService } from '@kickback/domain';
import { integrationStack, createUser, waitFor, type TestClient } from '@kickback/testing';

describe('site settings, affiliates, uploads and the audit log', () => {
  let admin: TestClient;
  let adminId: number;

  const stack = integrationStack({ worker: true });

  beforeAll(async () => {
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    admin = stack.api.client();
    await admin.loginAs(adminId);
  });

  it('an admin edit reaches the cached public settings at once, is audited and pushed live', async () => {
    const before = await stack.api.client().json('GET', '/api/r/settings');
    expect(before.body.data.site_name).toBe('Kickback');
    const watcher = io(stack.api.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve) => watcher.once('room:joined', () => resolve()).emit('room:join', 'site'));
    const pushed = new Promise((resolve) => watcher.once('site:updated', resolve));

    const theme = { ...before.body.data.theme, primary_color: '#123456' };
    const res = await admin.json('PUT', '/api/admin/settings', { site_name: 'Spin City', theme });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { site_name: 'Spin City', theme: { primary_color: '#123456' } } });

    const after = await stack.api.client().json('GET', '/api/r/settings');
    expect(after.body.data.site_name).toBe('Spin City');
    expect(after.body.data.theme.primary_color).toBe('#123456');
    await pushed;
    watcher.close();

    const audit = await admin.json('GET', '/api/admin/audit-log');
    const entry = audit.body.data.find((e: { action: string }) => e.action === 'site.settings.update');
    expect(entry.actor.id).toBe(adminId);
    expect(entry.before.site_name).toBe('Kickback');
    expect(entry.after.site_name).toBe('Spin City');
  });

  it("the footer's 'Powered by' link is a setting with today's value as its default, http(s) only", async () => {
    expect((await stack.api.client().json('GET', '/api/r/settings')).body.data.powered_by).toEqual({
      label: 'Kickback',
      url: 'https://kick.com',
    });
    const bad = await admin.json('PUT', '/api/admin/settings', { powered_by: { label: 'x', url: 'javascript:alert(1)' } });
    expect(bad).toMatchObject({ status: 422, body: { errors: { 'powered_by.url': ['Must be a full http(s) URL'] } } });
    const saved = await admin.json('PUT', '/api/admin/settings', { powered_by: { label: 'Streamer Co', url: 'https://streamer.example' } });
    expect(saved.status).toBe(200);
    expect((await stack.api.client().json('GET', '/api/r/settings')).body.data.powered_by).toEqual({
      label: 'Streamer Co',
      url: 'https://streamer.example',
    });
    await admin.json('PUT', '/api/admin/settings', { powered_by: { label: '', url: '' } });
    expect((await stack.api.client().json('GET', '/api/r/settings')).body.data.powered_by).toEqual({ label: '', url: '' });
  });

  it('legal texts are edited by admins and served publicly', async () => {
    await admin.json('PUT', '/api/admin/settings', { terms_text: 'Be nice.\n\nNo bots.' });
    const terms = await stack.api.client().json('GET', '/api/r/legal/terms');
    expect(terms.body.data).toMatchObject({ slug: 'terms', title: 'Terms of Service', body: 'Be nice.\n\nNo bots.' });
    expect((await stack.api.client().json('GET', '/api/r/legal/cookies')).status).toBe(400);
  });

  it('affiliates: create, update, reorder and delete, with the public list following', async () => {
    const input = { name: 'Rainbet', redirect_url: 'https://rainbet.com/r/kb', code: 'KB', benefits: ['10% rakeback'] };
    const a = (await admin.json('POST', '/api/admin/affiliates', input)).body.data;
    const b = (await admin.json('POST', '/api/admin/affiliates', { ...input, name: 'Shuffle', code: 'KB2' })).body.data;
    expect((await admin.json('POST', '/api/admin/affiliates', { ...input, redirect_url: 'not a url' })).body.errors.redirect_url).toEqual([
      'Must be a full URL',
    ]);
    await admin.json('PUT', `/api/admin/affiliates/${a.id}`, { code: 'KB10' });
    const list = (await admin.json('GET', '/api/admin/affiliates')).body.data as { id: number }[];
    const reordered = [b.id, ...list.map((x) => x.id).filter((id) => id !== b.id)];
    const saved = await admin.json('POST', '/api/admin/affiliates/reorder', { ids: reordered });
    expect(saved.body.data.map((x: { id: number }) => x.id)).toEqual(reordered);
    expect((await admin.json('POST', '/api/admin/affiliates/reorder', { ids: [b.id] })).status).toBe(422);

    const pub = (await stack.api.client().json('GET', '/api/r/affiliates')).body.data as { id: number; code: string }[];
    expect(pub[0].id).toBe(b.id);
    expect(pub.find((x) => x.id === a.id)!.code).toBe('KB10');

    expect((await admin.json('DELETE', `/api/admin/affiliates/${a.id}`)).status).toBe(200);
    expect((await admin.json('DELETE', `/api/admin/affiliates/${a.id}`)).status).toBe(404);
    const after = (await stack.api.client().json('GET', '/api/r/affiliates')).body.data as { id: number }[];
    expect(after.some((x) => x.id === a.id)).toBe(false);
  });

  it('image uploads are judged by their bytes and re-encoded', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const res = await admin.request('POST', '/api/admin/uploads', { body: form });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { url: string; width: number } };
    expect(body.data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await fetch(stack.api.url + body.data.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const fake = new FormData();
    fake.append('file', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'evil.png');
    const refused = await admin.request('POST', '/api/admin/uploads', { body: fake });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ success: false, message: 'File evil.png is not an image' });

    const big = new FormData();
    big.append('file', new Blob([Buffer.alloc(6 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
    expect((await admin.request('POST', '/api/admin/uploads', { body: big })).status).toBe(413);
  });

  it('total given away sums paid payouts only, once each', async () => {
    const ledger = stack.api.app.get(PayoutLedgerService);
    const prize = (sourceId: number, valueUsd: string, paid: boolean) => ({
      source: 'raffle' as const,
      sourceId,
      place: 1,
      userId: null,
      casinoUsername: 'someone',
      prize: 'Prize',
      amount: null,
      currency: null,
      valueUsd,
      subject: { title: 'Raffle', path: '/raffles' },
      ...(paid ? { paidAtOnce: { reason: 'Paid.', actorId: null } } : {}),
    });
    await stack.em.fork().transactional(async (tx) => {
      await ledger.open(tx, prize(900001, '150.50', true));
      await ledger.open(tx, prize(900001, '150.50', true));
      await ledger.open(tx, prize(900002, '1000.25', true));
      await ledger.open(tx, prize(900003, '500.00', false));
    });
    await stack.api.app.get(PayoutsService).invalidateTotals();
    const res = await stack.api.client().json('GET', '/api/r/stats/total-given-away');
    expect(res.body).toEqual({ success: true, total: 1150.75, formatted_total: '$1,150.75' });
  });

  it('records a login for last seen through the worker', async () => {
    const member = await createUser(stack.em);
    const client = stack.api.client();
    await client.loginAs(member.id);
    const row = await waitFor(async () => {
      const [r] = await stack.em
        .fork()
        .execute<{ last_seen_at: Date | null; login_count: number }[]>('select last_seen_at, login_count from users where id = ?', [
          member.id,
        ]);
      return r.last_seen_at ? r : undefined;
    });
    expect(row.login_count).toBe(1);
  });
});

describe('queue inspection for admins', () => {
  const stack = integrationStack();

  it('lists every queue with its counts and the failed jobs, and retries one', async () => {
    const { Queue, Worker } = await import('bullmq');
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const queue = new Queue('domain-events', { connection: { url: stack.env.REDIS_URL } });
    await queue.add('test.failing', { n: 1 }, { jobId: 'failing-1', attempts: 1 });
    const worker = new Worker(
      'domain-events',
      async () => {
        throw new Error('boom');
      },
      { connection: { url: stack.env.REDIS_URL, maxRetriesPerRequest: null } },
    );
    await waitFor(async () => (await queue.getFailedCount()) === 1 || undefined);
    await worker.close();

    const list = await admin.json('GET', '/api/admin/queues');
    const events = list.body.data.find((q: { name: string }) => q.name === 'domain-events');
    expect(events.counts.failed).toBe(1);
    const failed = await admin.json('GET', '/api/admin/queues/domain-events/failed');
    expect(failed.body.data[0]).toMatchObject({ id: 'failing-1', name: 'test.failing', failed_reason: 'boom' });
    expect((await admin.json('POST', '/api/admin/queues/domain-events/jobs/failing-1/retry')).status).toBe(201);
    expect(await queue.getFailedCount()).toBe(0);
    expect((await admin.json('GET', '/api/admin/queues/nope/failed')).status).toBe(404);
    await queue.close();
  });
});
