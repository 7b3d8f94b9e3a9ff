import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AnnouncementDelivery, AnnouncementHook, AnnouncementSigningSecret } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { integrationStack, createUser, waitFor, openRaffle } from '@kickback/testing';
import { FakeDiscordServer } from '../../../testing/src/fakes/fake-discord.server';
import { FloodServer } from '../../../testing/src/fakes/flood-server';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { rekeyAnnouncementSecrets } from './announcement-secrets-rekey';
import { runDemoSeed } from '../demo/demo-seed';

/**
 * Verifies a delivery by docs/announcements.md's steps alone: raw body, timestamp within 5 minutes, HMAC-SHA256 of
 * `timestamp + "." + body` under the secret, hex, compared in constant time with the part after `v1=`.
 */
function verifiedByTheDocs(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const timestamp = String(headers['x-kickback-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  const given = String(headers['x-kickback-signature']).replace(/^v1=/, '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  answered: number;
}

/** A tool's webhook endpoint: answers 500 to the first `failFirst` requests, then 200. */
class WebhookReceiver {
  private server: Server | null = null;
  url = '';
  failFirst = 0;
  readonly received: Received[] = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const answered = this.failFirst > 0 ? 500 : 200;
        if (this.failFirst > 0) this.failFirst--;
        this.received.push({ headers: req.headers, body, at: Date.now(), answered });
        res.writeHead(answered, { 'content-type': 'text/plain' });
        res.end(answered === 200 ? 'ok' : 'temporarily broken');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/hooks/kickback?key=abc`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('announcements: Discord and signed webhooks (fake Discord, local receiver, real PostgreSQL + Redis, api + worker)', () => {
  const discord = new FakeDiscordServer();
  const receiver = new WebhookReceiver();
  const RETRY_BASE_MS = 150;

  beforeAll(async () => {
    await discord.start();
    await receiver.start();
    discord.webhooks.set('1122334455', 'token-abc_DEF');
    discord.webhooks.set('9988776655', 'other-token');
  });
  afterAll(async () => {
    await discord.stop();
    await receiver.stop();
  });

  const stack = integrationStack({
    worker: true,
    admin: true,
    env: () => ({ DISCORD_API_URL: discord.apiBase, ANNOUNCEMENT_RETRY_BASE_MS: String(RETRY_BASE_MS) }),
  });

  async function addHook(input: Record<string, unknown>): Promise<AnnouncementHook> {
    const res = await stack.admin.json<{ data: AnnouncementHook }>('POST', '/api/admin/announcements', input);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const deliveries = async (hookId: number) =>
    (await stack.admin.json<{ data: AnnouncementDelivery[] }>('GET', `/api/admin/announcements/${hookId}/deliveries`)).body.data;

  async function emit(type: 'activity.stream-started', payload: { streamId: string; startedAt: string }) {
    await stack.em.fork().transactional((tx) => stack.api.app.get(OutboxService).add(tx, type, payload));
  }

  it('refuses a Discord hook that is not a Discord webhook URL, and private or plain-http webhooks where private hosts are not allowed', async () => {
    const bad = await stack.admin.json('POST', '/api/admin/announcements', {
      kind: 'discord',
      name: 'Raffles channel',
      url: 'https://example.com/api/webhooks/1/abc',
      events: ['raffle.winners'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url[0]).toMatch(/discord\.com\/api\/webhooks/);
    const noEvents = await stack.admin.json('POST', '/api/admin/announcements', {
      kind: 'webhook',
      name: 'x',
      url: receiver.url,
      events: [],
    });
    expect(noEvents.status).toBe(422);
    expect(noEvents.body.errors.events).toEqual(['Pick at least one event.']);

    const strict = await stack.processes.api({ WEBHOOKS_ALLOW_PRIVATE_HOSTS: false });
    const strictAdmin = strict.client();
    const { id } = await createUser(stack.em.fork(), { role: 'Admin' });
    await strictAdmin.loginAs(id);
    for (const url of [receiver.url, 'https://127.0.0.1/hook', 'https://[::ffff:169.254.169.254]/latest', 'https://10.1.2.3/x']) {
      const res = await strictAdmin.json('POST', '/api/admin/announcements', {
        kind: 'webhook',
        name: 'Local',
        url,
        events: ['stream.live'],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.url).toHaveLength(1);
    }
    expect((await strictAdmin.json('GET', '/api/admin/announcements')).body.data).toEqual([]);
  });

  it('stream live reaches Discord as an embed and the webhook signed; the webhook is retried with backoff until it answers', async () => {
    const channel = await addHook({
      kind: 'discord',
      name: 'Announcements channel',
      url: 'https://discord.com/api/webhooks/1122334455/token-abc_DEF',
      events: ['stream.live', 'raffle.started', 'raffle.winners'],
    });
    expect(channel.url_display).toBe('https://discord.com/api/webhooks/1122334455/••••••');
    expect(channel.signing_secret_hint).toBeNull();
    const tool = await addHook({ kind: 'webhook', name: 'Stream deck', url: receiver.url, events: ['stream.live'] });
    expect(tool.url_display).toBe(receiver.url.replace(/\?.*$/, '?…'));
    // The secret is never in a list or a hook's answer, only masked; the explicit reveal answers it and is audited.
    const revealed = await stack.admin.json<{ data: AnnouncementSigningSecret }>(
      'POST',
      `/api/admin/announcements/${tool.id}/signing-secret`,
    );
    expect(revealed.status).toBe(200);
    const secret = revealed.body.data.signing_secret;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(tool.signing_secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    const listed = JSON.stringify((await stack.admin.json('GET', '/api/admin/announcements')).body);
    expect(listed).not.toContain(secret);
    expect(listed).not.toContain(secret.slice(6, 30));
    const [audit] = await stack.em
      .fork()
      .execute(`select actor_id, after from audit_logs where action = 'announcement.secret.reveal' and entity_id = ?`, [String(tool.id)]);
    expect(audit).toMatchObject({ after: { name: 'Stream deck' } });
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect((await stack.admin.json('POST', `/api/admin/announcements/${channel.id}/signing-secret`)).status).toBe(404);
    expect(
      (await (await stack.api.signedIn({ role: 'member' })).json('POST', `/api/admin/announcements/${tool.id}/signing-secret`)).status,
    ).toBe(403);
    const stored = await stack.em.fork().execute('select url_sealed, secret_sealed from announcement_hooks where id = ?', [tool.id]);
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1');
    expect(JSON.stringify(stored)).not.toContain(secret);

    receiver.failFirst = 2;
    await emit('activity.stream-started', { streamId: '501', startedAt: iso(0) });
    // Redelivered (the same stream again): announced once.
    await emit('activity.stream-started', { streamId: '501', startedAt: iso(0) });

    const [delivered] = await waitFor(async () => {
      const list = await deliveries(tool.id);
      return list[0]?.status === 'delivered' ? list : null;
    }, 20_000);
    expect(delivered).toMatchObject({ event: 'stream.live', attempts: 3, last_status: 200, last_error: null });
    expect(await deliveries(tool.id)).toHaveLength(1);
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    // Exponential backoff: the second wait is about twice the first.
    const [a, b, c] = receiver.received.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(RETRY_BASE_MS * 0.9);
    expect(c - b).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 * 0.9);
    for (const r of receiver.received) {
      expect(verifiedByTheDocs(secret, r.headers, r.body)).toBe(true);
      expect(verifiedByTheDocs(secret, r.headers, r.body.replace('stream.live', 'stream.live '))).toBe(false);
      expect(verifiedByTheDocs('whsec_wrong', r.headers, r.body)).toBe(false);
      expect(r.headers['x-kickback-event']).toBe('stream.live');
      expect(r.headers['x-kickback-delivery']).toBe(String(delivered.id));
    }
    const body = JSON.parse(receiver.received[2]!.body);
    expect(body).toMatchObject({ id: String(delivered.id), event: 'stream.live', data: { started_at: expect.any(String) } });

    await waitFor(() => discord.delivered('1122334455').length === 1, 10_000, 'the Discord execution');
    const [execution] = discord.delivered('1122334455');
    expect(execution!.body).toMatchObject({
      allowed_mentions: { parse: [] },
      embeds: [{ title: expect.stringContaining('is live on Kick'), url: expect.any(String), timestamp: expect.any(String) }],
    });
    expect((await deliveries(channel.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status: 204 });
  });

  it('a raffle is announced when it starts and again with its winners', async () => {
    const hooks = (await stack.admin.json<{ data: AnnouncementHook[] }>('GET', '/api/admin/announcements')).body.data;
    const channel = hooks.find((h) => h.kind === 'discord')!;
    const before = discord.delivered('1122334455').length;
    const raffleId = await openRaffle(stack.admin, {
      title: 'Weekend @everyone raffle',
      description: 'Win a prize',
      start_datetime: iso(-1000),
      number_of_winners: 2,
      prize_value_usd: 150.5,
    });
    await waitFor(() => discord.delivered('1122334455').length === before + 1, 10_000, 'the raffle start announcement');
    expect(discord.delivered('1122334455').at(-1)!.body.embeds[0].title).toBe('Raffle started: Weekend @everyone raffle');

    const members = await Promise.all([0, 1, 2].map(() => createUser(stack.em.fork())));
    for (const m of members) {
      const c = stack.api.client();
      await c.loginAs(m.id);
      expect((await c.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    }
    await stack.em.fork().execute(`update raffles set ends_at = now() - interval '1 second' where id = ?`, [raffleId]);
    expect((await stack.worker.get(RaffleDrawService).drawIfDue(raffleId)).drawn).toBe(true);
    await waitFor(() => discord.delivered('1122334455').length === before + 2, 10_000, 'the raffle winners announcement');
    const winners = discord.delivered('1122334455').at(-1)!.body.embeds[0];
    expect(winners.title).toBe('Raffle winners: Weekend @everyone raffle');
    expect(winners.fields.find((f: { name: string }) => f.name === 'Winners').value.split('\n')).toHaveLength(2);
    expect((await deliveries(channel.id)).map((d) => d.event)).toEqual(['raffle.winners', 'raffle.started', 'stream.live']);
  });

  it('a raffle that starts later is announced at its start time, once, however often it is edited before', async () => {
    const before = discord.delivered('1122334455').length;
    const created = await stack.admin.json('POST', '/api/admin/raffles', {
      title: 'Later raffle',
      description: 'Starts in a moment',
      start_datetime: iso(1_500),
      end_datetime: iso(3_600_000),
      number_of_winners: 1,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await stack.admin.json('PUT', `/api/admin/raffles/${id}`, { end_datetime: iso(7_200_000) })).status).toBe(200);
    const startsAt = Date.parse(created.body.data.start_datetime);
    await waitFor(() => discord.delivered('1122334455').length === before + 1, 10_000, 'the start announcement');
    const [announced] = discord.delivered('1122334455').slice(before);
    expect(announced!.body.embeds[0].title).toBe('Raffle started: Later raffle');
    expect(announced!.at).toBeGreaterThanOrEqual(startsAt);
    const keys = await stack.em
      .fork()
      .execute<{ source_key: string }[]>(`select source_key from announcement_deliveries where source_key like ?`, [
        `raffle.started:${id}:%`,
      ]);
    expect(keys.map((k) => k.source_key)).toEqual([`raffle.started:${id}:${startsAt}`]);
  });

  it("waits out Discord's empty bucket (X-RateLimit-Remaining 0, Reset-After) and a 429's retry_after without counting them as failures", async () => {
    const channel = await addHook({
      kind: 'discord',
      name: 'Second server',
      url: 'https://discordapp.com/api/webhooks/9988776655/other-token',
      events: ['tournament.winner'],
    });
    discord.limit = 1;
    discord.windowMs = 1_200;
    const send = async () =>
      (await stack.admin.json<{ data: AnnouncementDelivery }>('POST', `/api/admin/announcements/${channel.id}/test`)).body.data;

    const first = await send();
    await waitFor(async () => (await deliveries(channel.id)).find((d) => d.id === first.id)?.status === 'delivered', 10_000);
    const second = await send();
    await waitFor(async () => (await deliveries(channel.id)).find((d) => d.id === second.id)?.status === 'delivered', 10_000);
    const calls = discord.executions.filter((e) => e.webhookId === '9988776655');
    // The bucket was empty after the first: the second waited for its reset instead of drawing a 429.
    expect(calls.map((e) => e.status)).toEqual([204, 204]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1_000);

    discord.limit = 5;
    await new Promise((r) => setTimeout(r, 1_300));
    discord.forceLimited = 1;
    discord.forcedRetryAfter = 0.6;
    const third = await send();
    await waitFor(async () => (await deliveries(channel.id)).find((d) => d.id === third.id)?.status === 'delivered', 10_000);
    const limited = discord.executions.filter((e) => e.webhookId === '9988776655').slice(2);
    expect(limited.map((e) => e.status)).toEqual([429, 204]);
    expect(limited[1]!.at - limited[0]!.at).toBeGreaterThanOrEqual(600);
    expect((await deliveries(channel.id)).find((d) => d.id === third.id)).toMatchObject({ attempts: 1, status: 'delivered' });
    expect(limited[1]!.body.embeds[0].title).toBe('Test announcement');
  });

  it('a hook that answers 4xx fails at once; admin changes are audited without the URL or secret', async () => {
    const gone = await addHook({
      kind: 'discord',
      name: 'Deleted channel',
      url: 'https://discord.com/api/webhooks/5550001/no-such-hook',
      events: ['hunt.finished'],
    });
    const socket = await stack.socket(stack.admin);
    const pushed = new Promise<{ hook_id: number; delivery: AnnouncementDelivery }>((resolve) =>
      socket.once('announcement:delivery', resolve),
    );
    const test = await stack.admin.json<{ data: AnnouncementDelivery }>('POST', `/api/admin/announcements/${gone.id}/test`);
    expect(test.status).toBe(202);
    const failed = await waitFor(async () => {
      const d = (await deliveries(gone.id))[0];
      return d?.status === 'failed' ? d : null;
    }, 10_000);
    expect(failed).toMatchObject({ attempts: 1, last_status: 404 });
    expect(failed.last_error).toContain('Unknown Webhook');
    // The admin's open log got the attempt as a push.
    expect(await pushed).toEqual({ hook_id: gone.id, delivery: failed });
    socket.close();

    const saved = await stack.admin.json('PUT', `/api/admin/announcements/${gone.id}`, {
      name: 'Old channel',
      events: ['hunt.finished'],
      enabled: false,
    });
    expect(saved.body.data).toMatchObject({ name: 'Old channel', enabled: false });
    expect((await stack.admin.json('DELETE', `/api/admin/announcements/${gone.id}`)).status).toBe(200);
    expect((await stack.admin.json('GET', `/api/admin/announcements/${gone.id}/deliveries`)).status).toBe(404);
    const audits = await stack.em
      .fork()
      .execute<{ action: string; before: unknown; after: unknown }[]>(
        `select action, before, after from audit_logs where entity = 'announcement_hook' order by id`,
      );
    expect(new Set(audits.map((a) => a.action))).toEqual(
      new Set([
        'announcement.hook.create',
        'announcement.hook.update',
        'announcement.hook.delete',
        'announcement.hook.test',
        'announcement.secret.reveal',
      ]),
    );
    const text = JSON.stringify(audits);
    expect(text).not.toContain('no-such-hook');
    expect(text).not.toContain('token-abc_DEF');
    expect(text).not.toContain('whsec_');
  });

  it('a receiver answering a flood is read up to 64 KB: the delivery fails at once with the reason in its log', async () => {
    const flood = new FloodServer();
    await flood.start();
    try {
      flood.totalBytes = 48 * 1024 * 1024;
      const hook = await addHook({ kind: 'webhook', name: 'Flood', url: `${flood.url}/hook`, events: ['stream.live'] });
      expect((await stack.admin.json('POST', `/api/admin/announcements/${hook.id}/test`)).status).toBe(202);
      const failed = await waitFor(async () => {
        const d = (await deliveries(hook.id))[0];
        return d?.status === 'failed' ? d : null;
      }, 10_000);
      expect(failed).toMatchObject({
        attempts: 1,
        last_status: 200,
        last_error: 'HTTP 200 with an answer over 64 KB (OUTBOUND_ANSWER_MAX_BYTES); the rest was not read.',
      });
      expect(flood.requests).toBe(1);
      expect(flood.written).toBeLessThan(24 * 1024 * 1024);
    } finally {
      await flood.stop();
    }
  });

  it('finished hunts go out with their result and a decided tournament with its winner', async () => {
    const tool = await addHook({
      kind: 'webhook',
      name: 'Results sheet',
      url: receiver.url,
      events: ['hunt.finished', 'tournament.winner'],
    });
    const bodiesOf = (event: string) =>
      receiver.received.filter((r) => r.headers['x-kickback-event'] === event && r.answered === 200).map((r) => JSON.parse(r.body));
    // The demo seed completes three hunts the way the admin does: each writes its 'hunt.completed' event.
    await runDemoSeed(stack.em.fork());
    await waitFor(() => bodiesOf('hunt.finished').length === 3, 15_000, 'three hunt results');
    const [hunt] = await stack.em
      .fork()
      .execute<{ id: number; starting_balance: string; final_balance: string }[]>(
        `select id, starting_balance::text, final_balance::text from hunts where status = 'completed' order by id limit 1`,
      );
    const result = bodiesOf('hunt.finished').find((b) => b.data.hunt.id === hunt!.id)!;
    expect(result.data.statistics).toMatchObject({
      starting_balance: Number(hunt!.starting_balance),
      end_balance: Number(hunt!.final_balance),
    });
    expect(result.description).toMatch(/^\$[\d,]+\.\d{2} in, \$[\d,]+\.\d{2} out: a (profit|loss) of \$[\d,]+\.\d{2}\.$/);

    const [final] = await stack.em.fork().execute<{ tournament_id: number; winner_name: string }[]>(
      `select m.tournament_id, m.winner_name from tournament_matches m join tournaments t on t.id = m.tournament_id
       where t.completed_at is not null and m.round = (select max(round) from tournament_matches where tournament_id = t.id) limit 1`,
    );
    // What the admin's last match decision writes (admin-tournaments.service), twice: announced once.
    for (let i = 0; i < 2; i++)
      await stack.em
        .fork()
        .transactional((tx) =>
          stack.api.app.get(OutboxService).add(tx, 'tournament.completed', { tournamentId: final!.tournament_id, userIds: [], at: iso(0) }),
        );
    await waitFor(() => bodiesOf('tournament.winner').length === 1, 10_000, 'the tournament winner');
    expect(bodiesOf('tournament.winner')[0]).toMatchObject({
      title: expect.stringContaining(`${final!.winner_name} wins`),
      data: { tournament: { id: final!.tournament_id }, winner: final!.winner_name },
    });
    expect((await deliveries(tool.id)).every((d) => d.status === 'delivered')).toBe(true);
    expect(await deliveries(tool.id)).toHaveLength(4);
  });

  it('secrets:rekey re-seals hook URLs and signing secrets under a new key', async () => {
    const next = Buffer.alloc(32, 9).toString('base64');
    const before = (await stack.admin.json<{ data: AnnouncementHook[] }>('GET', '/api/admin/announcements')).body.data;
    const first = await rekeyAnnouncementSecrets(stack.em.fork(), next, stack.env.SECRETS_KEY);
    expect(first).toEqual({ resealed: before.length, alreadyCurrent: 0 });
    expect(await rekeyAnnouncementSecrets(stack.em.fork(), next, stack.env.SECRETS_KEY)).toEqual({
      resealed: 0,
      alreadyCurrent: before.length,
    });
    const rekeyed = await stack.processes.api({ SECRETS_KEY: next, SECRETS_KEY_PREVIOUS: undefined });
    const c = rekeyed.client();
    const { id } = await createUser(stack.em.fork(), { role: 'Admin' });
    await c.loginAs(id);
    expect((await c.json<{ data: AnnouncementHook[] }>('GET', '/api/admin/announcements')).body.data).toEqual(before);
  });
});
