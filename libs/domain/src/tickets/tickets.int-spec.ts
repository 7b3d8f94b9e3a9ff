import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { TICKET_MESSAGES } from '@kickback/contracts';
import { integrationStack, socketConnected, testSocket, waitFor, type TestClient } from '@kickback/testing';
import { seedTickets } from './tickets.seed';

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('support tickets', () => {
  let categoryId: number;
  let staff: TestClient;

  /** `field` names each file's part: `images[]` by default, or a function of its index for `images[0]`-style names. */
  function form(
    fields: Record<string, string>,
    files: { name: string; data: Buffer; type?: string }[] = [],
    field: (index: number) => string = () => 'images[]',
  ): FormData {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    files.forEach((f, i) => body.append(field(i), new Blob([f.data], { type: f.type ?? 'image/png' }), f.name));
    return body;
  }

  async function send(client: TestClient, path: string, body: FormData) {
    const res = await client.request('POST', path, { body });
    return { status: res.status, body: (await res.json()) as any };
  }

  const ticketFields = () => ({
    title: 'Prize missing',
    description: 'My raffle prize never arrived.',
    category_id: String(categoryId),
    priority: 'high',
  });

  async function createTicket(client: TestClient): Promise<number> {
    const res = await send(client, '/api/r/tickets', form(ticketFields()));
    expect(res.status).toBe(200);
    return res.body.data.id;
  }

  const stack = integrationStack({ worker: true });

  beforeAll(async () => {
    await stack.em.fork().transactional((tx) => seedTickets(tx));
    [{ id: categoryId }] = await stack.em.fork().execute<{ id: number }[]>('select id from ticket_categories order by position limit 1');
    staff = await stack.api.signedIn({ role: 'staff' });
  });

  it('creates a ticket with images and shows it in the SPEC shape to its owner', async () => {
    const { client } = await stack.member();
    const res = await send(
      client,
      '/api/r/tickets',
      form(ticketFields(), [
        { name: 'one.png', data: await png('#ff0000') },
        { name: 'two.png', data: await png('#00ff00') },
      ]),
    );
    expect(res).toEqual({ status: 200, body: { success: true, message: TICKET_MESSAGES.created, data: { id: expect.any(Number) } } });
    const list = await client.json('GET', '/api/r/tickets');
    expect(list.body.data).toEqual([
      {
        id: res.body.data.id,
        title: 'Prize missing',
        description: 'My raffle prize never arrived.',
        category: 'Account',
        category_id: categoryId,
        priority: 'high',
        priority_label: 'High',
        status: 'open',
        status_label: 'Open',
        replies_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        images: [
          { id: expect.any(Number), url: expect.stringMatching(/^\/api\/r\/tickets\/images\/\d+$/), filename: 'one.png' },
          { id: expect.any(Number), url: expect.stringMatching(/^\/api\/r\/tickets\/images\/\d+$/), filename: 'two.png' },
        ],
      },
    ]);
    const image = await client.get(list.body.data[0].images[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toMatch(/^private/);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
    const detail = await client.json('GET', `/api/r/tickets/${res.body.data.id}`);
    expect(detail.body.data).toEqual({ ticket: list.body.data[0], replies: [] });

    // The test upload dir sits under a dot-folder (.data/uploads) like `npm start`'s; a file gone from disk is a JSON 404.
    expect(stack.env.UPLOAD_DIR).toMatch(/[/\\]\.data[/\\]uploads$/);
    const [{ stored_name }] = await stack.em
      .fork()
      .execute<{ stored_name: string }[]>('select stored_name from ticket_images where id = ?', [list.body.data[0].images[1].id]);
    await rm(join(stack.env.UPLOAD_DIR, 'private', stored_name), { force: true });
    const gone = await client.get(list.body.data[0].images[1].url);
    expect([gone.status, gone.headers.get('content-type')]).toEqual([404, expect.stringMatching(/^application\/json/)]);
    expect(await gone.json()).toEqual({ success: false, message: 'Image not found.' });
  });

  it('defaults the priority to medium and lists categories', async () => {
    const { client } = await stack.member();
    const { priority: _p, ...fields } = ticketFields();
    const res = await send(client, '/api/r/tickets', form(fields));
    expect(res.status).toBe(200);
    const [row] = await stack.em.fork().execute<{ priority: string }[]>('select priority from tickets where id = ?', [res.body.data.id]);
    expect(row.priority).toBe('medium');
    const categories = await client.json('GET', '/api/r/tickets/categories');
    expect(categories.body.data[0]).toEqual({ id: categoryId, name: 'Account', description: expect.any(String) });
  });

  it('answers the SPEC validation messages per field', async () => {
    const { client } = await stack.member();
    const empty = await send(client, '/api/r/tickets', form({ title: ' ', description: '', category_id: '' }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      title: [TICKET_MESSAGES.titleRequired],
      description: [TICKET_MESSAGES.descriptionRequired],
      category_id: [TICKET_MESSAGES.categoryRequired],
    });
    const long = await send(client, '/api/r/tickets', form({ ...ticketFields(), title: 'x'.repeat(256), description: 'y'.repeat(5001) }));
    expect(long.body.errors).toEqual({ title: [TICKET_MESSAGES.titleTooLong], description: [TICKET_MESSAGES.descriptionTooLong] });
    const unknownCategory = await send(client, '/api/r/tickets', form({ ...ticketFields(), category_id: '999999' }));
    expect(unknownCategory.body.errors).toEqual({ category_id: [TICKET_MESSAGES.categoryRequired] });
  });

  it('refuses a text file named .png, six images and a file over 5 MB, storing nothing', async () => {
    const { id, client } = await stack.member();
    const fake = await send(
      client,
      '/api/r/tickets',
      form(ticketFields(), [{ name: 'notes.png', data: Buffer.from('just some text, not a picture') }]),
    );
    expect(fake).toEqual({
      status: 422,
      body: expect.objectContaining({ success: false, errors: { images: ['File notes.png is not an image'] } }),
    });
    const image = await png('#0000ff');
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: image }));
    const tooMany = await send(client, '/api/r/tickets', form(ticketFields(), six));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ images: [TICKET_MESSAGES.tooManyTicketImages] });
    const big = await send(client, '/api/r/tickets', form(ticketFields(), [{ name: 'huge.png', data: Buffer.alloc(5 * 1024 * 1024 + 1) }]));
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ images: ['File huge.png is too large (max 5MB)'] });
    const [{ n }] = await stack.em.fork().execute<{ n: number }[]>('select count(*)::int as n from tickets where user_id = ?', [id]);
    expect(n).toBe(0);
  });

  it("never reveals another member's ticket or its images", async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const created = await send(owner.client, '/api/r/tickets', form(ticketFields(), [{ name: 'secret.png', data: await png('#123456') }]));
    const ticketId = created.body.data.id;
    const [{ id: imageId, stored_name }] = await stack.em
      .fork()
      .execute<{ id: number; stored_name: string }[]>('select id, stored_name from ticket_images where ticket_id = ?', [ticketId]);
    expect((await other.client.json('GET', `/api/r/tickets/${ticketId}`)).status).toBe(404);
    expect((await other.client.get(`/api/r/tickets/images/${imageId}`)).status).toBe(404);
    expect((await other.client.json('GET', '/api/r/tickets')).body.data).toEqual([]);
    for (const bad of ['99999999999', 'abc', '0'])
      expect(await other.client.json('GET', `/api/r/tickets/${bad}`)).toEqual({
        status: 404,
        body: { success: false, message: TICKET_MESSAGES.notFound },
      });
    expect((await other.client.get('/api/r/tickets/images/99999999999')).status).toBe(404);
    const reply = await send(other.client, `/api/r/tickets/${ticketId}/reply`, form({ message: 'hi' }));
    expect(reply.status).toBe(404);
    expect((await stack.api.client().get(`/api/r/tickets/images/${imageId}`)).status).toBe(401);
    expect((await staff.get(`/api/r/tickets/images/${imageId}`)).status).toBe(200);
    // The private file is not reachable through the public uploads path.
    expect((await owner.client.get(`/uploads/${stored_name}`)).status).toBe(404);
    expect((await owner.client.get(`/uploads/private/${stored_name}`)).status).toBe(404);
  });

  it('flags staff replies, moves the status both ways and notifies the member live', async () => {
    const { id: userId, client } = await stack.member();
    const ticketId = await createTicket(client);
    const socket = testSocket(stack.api.url, client);
    const notices: string[] = [];
    socket.on('user:notification', (p: { message: string }) => notices.push(p.message));
    await socketConnected(socket);
    try {
      const staffReply = await send(
        staff,
        `/api/admin/tickets/${ticketId}/reply`,
        form({ message: 'We are on it.' }, [{ name: 'shot.png', data: await png('#abcdef') }]),
      );
      expect(staffReply.status).toBe(200);
      const detail = await client.json('GET', `/api/r/tickets/${ticketId}`);
      expect(detail.body.data.ticket.status).toBe('waiting');
      expect(detail.body.data.ticket.replies_count).toBe(1);
      expect(detail.body.data.replies).toEqual([
        {
          id: expect.any(Number),
          message: 'We are on it.',
          is_admin: true,
          user: { username: expect.any(String) },
          created_at: expect.any(String),
          images: [{ id: expect.any(Number), url: expect.any(String), filename: 'shot.png' }],
        },
      ]);
      expect((await client.get(detail.body.data.replies[0].images[0].url)).status).toBe(200);
      await waitFor(() => notices.includes(`Support replied to your ticket #${ticketId}`));
      const own = await send(client, `/api/r/tickets/${ticketId}/reply`, form({ message: 'Thanks!' }));
      expect(own).toEqual({ status: 200, body: expect.objectContaining({ success: true, message: TICKET_MESSAGES.replied }) });
      const after = await client.json('GET', `/api/r/tickets/${ticketId}`);
      expect(after.body.data.ticket.status).toBe('open');
      expect(after.body.data.replies[1]).toEqual(expect.objectContaining({ message: 'Thanks!', is_admin: false }));
      const [{ n }] = await stack.em.fork().execute<{ n: number }[]>('select count(*)::int as n from tickets where user_id = ?', [userId]);
      expect(n).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('validates replies: message required, at most three images', async () => {
    const { client } = await stack.member();
    const ticketId = await createTicket(client);
    const empty = await send(client, `/api/r/tickets/${ticketId}/reply`, form({ message: '  ' }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: [TICKET_MESSAGES.replyRequired] });
    const image = await png('#00ffff');
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `r${i}.png`, data: image }));
    const tooMany = await send(client, `/api/r/tickets/${ticketId}/reply`, form({ message: 'look' }, four));
    expect(tooMany.body.errors).toEqual({ images: [TICKET_MESSAGES.tooManyReplyImages] });
  });

  it('accepts indexed image fields (images[0] …) with the same limits, and refuses an index beyond them', async () => {
    const { client } = await stack.member();
    const image = await png('#ff00ff');
    const indexed = (i: number) => `images[${i}]`;
    const files = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}.png`, data: image }));
    const created = await send(client, '/api/r/tickets', form(ticketFields(), files(5, 't'), indexed));
    expect(created.status).toBe(200);
    const detail = await client.json('GET', `/api/r/tickets/${created.body.data.id}`);
    expect(detail.body.data.ticket.images.map((i: { filename: string }) => i.filename)).toEqual([
      't0.png',
      't1.png',
      't2.png',
      't3.png',
      't4.png',
    ]);
    const tooMany = await send(client, '/api/r/tickets', form(ticketFields(), files(6, 't'), indexed));
    expect(tooMany).toEqual({ status: 422, body: expect.objectContaining({ errors: { images: [TICKET_MESSAGES.tooManyTicketImages] } }) });
    const beyond = await send(
      client,
      '/api/r/tickets',
      form(ticketFields(), files(1, 't'), () => 'images[5]'),
    );
    expect(beyond).toEqual({ status: 422, body: expect.objectContaining({ errors: { images: ['Unexpected file field.'] } }) });

    const reply = await send(
      client,
      `/api/r/tickets/${created.body.data.id}/reply`,
      form({ message: 'three more' }, files(3, 'r'), indexed),
    );
    expect(reply.status).toBe(200);
    const replyBeyond = await send(
      client,
      `/api/r/tickets/${created.body.data.id}/reply`,
      form({ message: 'x' }, files(1, 'r'), () => 'images[3]'),
    );
    expect(replyBeyond).toEqual({ status: 422, body: expect.objectContaining({ errors: { images: ['Unexpected file field.'] } }) });
  });

  it('refuses replies on a closed ticket, and records the staff status change in the audit log', async () => {
    const { client } = await stack.member();
    const ticketId = await createTicket(client);
    const update = await staff.json('PATCH', `/api/admin/tickets/${ticketId}`, { status: 'closed', priority: 'urgent' });
    expect(update.status).toBe(200);
    expect(update.body.data).toEqual(expect.objectContaining({ status: 'closed', priority: 'urgent', priority_label: 'Urgent' }));
    const refused = await send(client, `/api/r/tickets/${ticketId}/reply`, form({ message: 'Still there?' }));
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ success: false, message: TICKET_MESSAGES.closed }) });
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from ticket_replies where ticket_id = ?', [ticketId]);
    expect(n).toBe(0);
    const [audit] = await stack.em
      .fork()
      .execute<{ action: string; before: unknown; after: unknown }[]>(
        `select action, before, after from audit_logs where entity = 'ticket' and entity_id = ?`,
        [String(ticketId)],
      );
    expect(audit).toEqual({
      action: 'ticket.update',
      before: { status: 'open', priority: 'high' },
      after: { status: 'closed', priority: 'urgent' },
    });
  });

  it('keeps every one of many parallel replies', async () => {
    const { client } = await stack.member();
    const ticketId = await createTicket(client);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => send(client, `/api/r/tickets/${ticketId}/reply`, form({ message: `member ${i}` }))),
      ...Array.from({ length: 8 }, (_, i) => send(staff, `/api/admin/tickets/${ticketId}/reply`, form({ message: `staff ${i}` }))),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    const rows = await stack.em
      .fork()
      .execute<{ is_admin: boolean }[]>('select is_admin from ticket_replies where ticket_id = ?', [ticketId]);
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.is_admin)).toHaveLength(8);
  });

  it('lets staff filter the queue but not manage categories; admins manage categories', async () => {
    const { client } = await stack.member();
    const created = await send(client, '/api/r/tickets', form({ ...ticketFields(), title: 'Withdrawal stuck in queue' }));
    const ticketId = created.body.data.id;
    const list = await staff.json('GET', '/api/admin/tickets?status=open&priority=high&search=stuck%20in%20QUEUE');
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    expect(list.body.data[0].user.username).toEqual(expect.any(String));
    expect((await staff.json('GET', '/api/admin/ticket-categories')).status).toBe(403);
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const category = await admin.json('POST', '/api/admin/ticket-categories', { name: 'Billing', description: 'Payments' });
    expect(category.status).toBe(201);
    const renamed = await admin.json('PUT', `/api/admin/ticket-categories/${category.body.data.id}`, {
      name: 'Billing and payouts',
      description: 'Payments',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Billing and payouts');
    const audited = await stack.em
      .fork()
      .execute<{ action: string; before: { name: string } | null; after: { name: string } }[]>(
        `select action, before, after from audit_logs where entity = 'ticket_category' and entity_id = ? order by id`,
        [String(category.body.data.id)],
      );
    expect(audited.map((a) => [a.action, a.before?.name ?? null, a.after.name])).toEqual([
      ['ticket.category.create', null, 'Billing'],
      ['ticket.category.update', 'Billing', 'Billing and payouts'],
    ]);
    const removed = await admin.json('DELETE', `/api/admin/ticket-categories/${categoryId}`);
    expect(removed.body.data).toEqual({ deleted: false });
    const categories = await client.json('GET', '/api/r/tickets/categories');
    expect(categories.body.data.map((c: { name: string }) => c.name)).toContain('Billing and payouts');
    expect(categories.body.data.map((c: { id: number }) => c.id)).not.toContain(categoryId);
  });
});
