import { CONTACT_MESSAGES } from '@kickback/contracts';
import { integrationStack, createUser, type TestClient } from '@kickback/testing';
import { captchaKey } from './captcha.service';
import { seedContact } from './contact.seed';

const message = { name: 'Ada Viewer', email: 'ada@example.com', subject: 'Giveaway question', message: 'When is the next raffle?' };

describe('contact form with an image captcha', () => {
  let admin: TestClient;
  let adminId: number;

  /** A browser cannot read the answer; the test reads it where the server keeps it. */
  async function captcha(client: TestClient): Promise<{ token: string; answer: string }> {
    const res = await client.json('GET', '/api/r/captcha');
    expect(res.status).toBe(200);
    const answer = await stack.redis.get(captchaKey(res.body.data.token));
    if (!answer) throw new Error('captcha answer not stored');
    return { token: res.body.data.token, answer };
  }

  const count = async () => Number((await stack.em.fork().execute<{ n: string }[]>('select count(*) as n from contact_messages'))[0].n);

  const stack = integrationStack({ worker: true });

  beforeAll(async () => {
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    admin = stack.api.client();
    await admin.loginAs(adminId);
  });

  it('issues an SVG image whose answer lives only in Redis for ten minutes', async () => {
    const client = stack.api.client();
    const res = await client.get('/api/r/captcha');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { data: { token: string; image: string } };
    expect(body).toEqual({
      success: true,
      data: { token: expect.any(String), image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
    });
    const answer = await stack.redis.get(captchaKey(body.data.token));
    expect(answer).toMatch(/^[a-z0-9]{5}$/);
    expect(JSON.stringify(body)).not.toContain(answer);
    const ttl = await stack.redis.ttl(captchaKey(body.data.token));
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('stores an anonymous message with a hashed address after a correct (case-insensitive) answer', async () => {
    const client = stack.api.client();
    await client.refreshCsrf();
    const { token, answer } = await captcha(client);
    const res = await client.json('POST', '/api/r/contact', {
      ...message,
      name: '  Ada Viewer ',
      captcha_token: token,
      captcha_answer: ` ${answer.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CONTACT_MESSAGES.sent });
    const [row] = await stack.em
      .fork()
      .execute<
        { name: string; email: string; subject: string; message: string; user_id: number | null; ip_hash: string; status: string }[]
      >('select * from contact_messages order by id desc limit 1');
    expect(row).toMatchObject({ ...message, user_id: null, status: 'new' });
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ip_hash).not.toContain('127.0.0.1');
    const [outbox] = await stack.em
      .fork()
      .execute<{ payload: { messageId: number } }[]>(
        `select payload from outbox_events where type = 'contact.message-received' order by id desc limit 1`,
      );
    expect(outbox).toBeDefined();
  });

  it('records the member who wrote and tells admins live', async () => {
    const watcher = await stack.socket(admin);
    const pushed = new Promise<{ type: string; message: string }>((resolve) =>
      watcher.on('user:notification', (p: { type: string; message: string }) => {
        if (p.message.includes('Subject for admins')) resolve(p);
      }),
    );
    const { id, client } = await stack.member();
    const { token, answer } = await captcha(client);
    const res = await client.json('POST', '/api/r/contact', {
      ...message,
      subject: 'Subject for admins',
      captcha_token: token,
      captcha_answer: answer,
    });
    expect(res.status).toBe(200);
    expect(await pushed).toEqual({ type: 'info', message: 'New contact message from Ada Viewer: Subject for admins' });
    watcher.close();
    const [row] = await stack.em
      .fork()
      .execute<{ user_id: number }[]>(`select user_id from contact_messages where subject = 'Subject for admins'`);
    expect(row.user_id).toBe(id);
  });

  it('a wrong answer is refused and kills the token, so the right answer no longer works', async () => {
    const { client } = await stack.member();
    const before = await count();
    const { token, answer } = await captcha(client);
    const wrong = await client.json('POST', '/api/r/contact', { ...message, captcha_token: token, captcha_answer: 'zzzzzz' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      success: false,
      message: CONTACT_MESSAGES.captchaWrong,
      errors: { captcha_answer: [CONTACT_MESSAGES.captchaWrong] },
    });
    expect(await stack.redis.exists(captchaKey(token))).toBe(0);
    const right = await client.json('POST', '/api/r/contact', { ...message, captcha_token: token, captcha_answer: answer });
    expect(right.status).toBe(422);
    expect(right.body.errors.captcha_answer).toEqual([CONTACT_MESSAGES.captchaWrong]);
    expect(await count()).toBe(before);
  });

  it('a solved token cannot be reused, and an unknown token is refused', async () => {
    const { client } = await stack.member();
    const { token, answer } = await captcha(client);
    const body = { ...message, captcha_token: token, captcha_answer: answer };
    expect((await client.json('POST', '/api/r/contact', body)).status).toBe(200);
    const again = await client.json('POST', '/api/r/contact', body);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ captcha_answer: [CONTACT_MESSAGES.captchaWrong] });
    const unknown = await client.json('POST', '/api/r/contact', { ...body, captcha_token: 'no-such-token' });
    expect(unknown.status).toBe(422);
  });

  it('twenty parallel submits with one solved token store exactly one message', async () => {
    const senders = await Promise.all(Array.from({ length: 20 }, () => stack.member()));
    const { token, answer } = await captcha(senders[0].client);
    const before = await count();
    const results = await Promise.all(
      senders.map((s, i) =>
        s.client.json('POST', '/api/r/contact', { ...message, subject: `Race ${i}`, captcha_token: token, captcha_answer: answer }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(19);
    expect(await count()).toBe(before + 1);
  });

  it('answers 422 with an error under each invalid field and stores nothing', async () => {
    const { client } = await stack.member();
    const before = await count();
    const res = await client.json('POST', '/api/r/contact', {
      name: ' ',
      email: 'not-an-email',
      subject: 'x'.repeat(151),
      message: 'y'.repeat(5001),
      captcha_token: 'abc',
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors).sort()).toEqual(['captcha_answer', 'email', 'message', 'name', 'subject']);
    expect(res.body.errors.name[0]).toBe('The name field is required.');
    expect(res.body.errors.email[0]).toBe('The email must be a valid email address.');
    expect(res.body.errors.subject[0]).toBe('The subject may not be longer than 150 characters.');
    expect(res.body.errors.message[0]).toBe('The message may not be longer than 5000 characters.');
    expect(res.body.errors.captcha_answer[0]).toBe('The verification code field is required.');
    const extra = await client.json('POST', '/api/r/contact', { ...message, captcha_token: 'a', captcha_answer: 'b', admin: true });
    expect(extra.status).toBe(422);
    expect(extra.body.errors.admin).toEqual(['Unknown field.']);
    expect(await count()).toBe(before);
  });

  it('limits each member to five messages in ten minutes', async () => {
    const { client } = await stack.member();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { token, answer } = await captcha(client);
      statuses.push((await client.json('POST', '/api/r/contact', { ...message, captcha_token: token, captcha_answer: answer })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('admins page through messages by status; status changes are audited', async () => {
    const list = await admin.json('GET', '/api/admin/contact-messages?status=new&page=1');
    expect(list.status).toBe(200);
    expect(list.body.pagination).toMatchObject({ current_page: 1, per_page: 25 });
    expect(list.body.new_total).toBe(list.body.pagination.total);
    const first = list.body.data[0];
    expect(first).toMatchObject({ status: 'new', email: 'ada@example.com', created_at: expect.any(String) });

    const changed = await admin.json('POST', `/api/admin/contact-messages/${first.id}/status`, { status: 'archived' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: first.id, status: 'archived' });
    const archived = await admin.json('GET', '/api/admin/contact-messages?status=archived');
    expect(archived.body.data.map((m: { id: number }) => m.id)).toEqual([first.id]);

    const audit = await admin.json('GET', '/api/admin/audit-log');
    const entry = audit.body.data.find((e: { action: string }) => e.action === 'contact.message.status');
    expect(entry).toMatchObject({
      actor: { id: adminId },
      entity_id: String(first.id),
      before: { status: 'new' },
      after: { status: 'archived' },
    });

    expect((await admin.json('POST', `/api/admin/contact-messages/${first.id}/status`, { status: 'spam' })).status).toBe(422);
    expect((await admin.json('POST', '/api/admin/contact-messages/999999/status', { status: 'read' })).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/contact-messages?status=bogus')).status).toBe(422);
  });

  it('keeps members and anonymous visitors out of the inbox', async () => {
    const { client } = await stack.member();
    expect((await client.json('GET', '/api/admin/contact-messages')).status).toBe(403);
    expect((await stack.api.client().json('GET', '/api/admin/contact-messages')).status).toBe(401);
  });

  it('the demo seed adds one message per status, once', async () => {
    await stack.em.fork().transactional((tx) => seedContact(tx));
    const before = await count();
    await stack.em.fork().transactional((tx) => seedContact(tx));
    expect(await count()).toBe(before);
    const rows = await stack.em
      .fork()
      .execute<{ status: string }[]>(
        `select status from contact_messages where subject in ('Sponsorship for next month', 'Raffle prize not received', 'Love the stream') order by status`,
      );
    expect(rows.map((r) => r.status)).toEqual(['archived', 'new', 'read']);
  });
});
