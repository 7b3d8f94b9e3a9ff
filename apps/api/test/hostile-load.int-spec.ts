import type { Socket } from 'socket.io-client';
import type { RaffleEnterAnswer, RoomJoinAnswer, WatchHeartbeatAnswer } from '@kickback/contracts';
import { RaffleEntryService } from '@kickback/domain';
import { integrationStack, type TestClient } from '@kickback/testing';

const INVALID = 'The given data was invalid.';

/**
 * Issue #32 findings 1, 2 and 7: one client, anonymous or member, is refused by size and shape before any per-value
 * work, every socket event is rate-limited per connection and per member, and input a route does not read is refused.
 */
describe('hostile load: cheap checks first, strict input everywhere', () => {
  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000', RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE: '300' } });
  afterEach(() => jest.restoreAllMocks());

  /** The raw answer of a JSON request whose body is sent as given. */
  async function send(client: TestClient, method: string, path: string, body: string) {
    const res = await client.request(method, path, { headers: { 'content-type': 'application/json' }, body: body as unknown as FormData });
    const text = await res.text();
    return {
      status: res.status,
      bytes: text.length,
      body: JSON.parse(text) as { success: boolean; message: string; errors?: Record<string, string[]> },
    };
  }

  it('finding 1: an anonymous socket’s raffle:enter is refused before any handler work; a 300,000-element one ends the connection unread', async () => {
    const entries = jest.spyOn(stack.api.app.get(RaffleEntryService), 'enter');
    const anonymous = await stack.socket();
    // Within the socket's message limit: answered at once by the event check, the payload never looked at.
    const large = { raffle_id: 1, entry_type: 'passwordless', junk: new Array(10_000).fill(0) };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => anonymous.timeout(20_000).emitWithAck('raffle:enter', large) as Promise<RaffleEnterAnswer>),
    );
    expect(answers).toEqual(Array(8).fill({ status: 401, body: { success: false, message: 'Please log in to enter raffles' } }));
    // Over it (about 600 KB): the frame header is enough to close the connection.
    const closed = new Promise<string>((resolve) => anonymous.once('disconnect', resolve));
    anonymous.emit('raffle:enter', { raffle_id: 1, entry_type: 'passwordless', junk: new Array(300_000).fill(0) });
    expect(await closed).toBe('transport close');
    expect(entries).not.toHaveBeenCalled();
  });

  it('finding 1: a member’s oversized raffle entry is refused by shape, the hostile-text scan never walking what the schema refused', async () => {
    const { client } = await stack.member();
    const socket = await stack.socket(client);
    // A NUL at the end of an unknown field: only a scan of the whole message would find it.
    const answer = (await socket.timeout(20_000).emitWithAck('raffle:enter', {
      raffle_id: 1,
      entry_type: 'passwordless',
      junk: [...new Array(10_000).fill(0), '\u0000'],
    })) as RaffleEnterAnswer;
    expect(answer).toEqual({ status: 422, body: { success: false, message: INVALID, errors: { junk: ['Unknown field.'] } } });
  });

  it('finding 1: HTTP bodies have a small limit by default, a larger one only on the routes (and roles) that need it', async () => {
    const { client } = await stack.member();
    const big = JSON.stringify({ entry_type: 'passwordless', kick_username: 'x'.repeat(240_000) });
    for (const [path, body] of [
      ['/api/r/raffles/1/enter', big],
      ['/api/r/profile/update', JSON.stringify({ bio: 'x'.repeat(100_000) })],
      ['/api/admin/settings', JSON.stringify({ terms_text: 'x'.repeat(100_000) })],
    ] as const) {
      const answer = await send(client, path === '/api/admin/settings' ? 'PUT' : 'POST', path, body);
      expect([path, answer.status, answer.body]).toEqual([path, 413, { success: false, message: 'The request is too large.' }]);
    }
    // The admin's settings carry two 50,000-character texts: parsed, and answered by the route itself.
    const settings = await send(stack.admin, 'PUT', '/api/admin/settings', JSON.stringify({ terms_text: 'x'.repeat(100_000) }));
    expect(settings.status).toBe(422);
    expect(settings.body.errors?.terms_text).toEqual([expect.stringMatching(/50000/)]);
  });

  it('finding 2: a 10,000-element predictions array is one short 422; a 120,000-element one is a 413 before parsing', async () => {
    const { client } = await stack.member();
    /** A prediction of `count` zeros for a tournament that does not exist: only the body's checks can answer. */
    const predict = (count: number) =>
      send(client, 'POST', '/api/r/tournaments/2147483000/predict', JSON.stringify({ predictions: new Array(count).fill(0) }));
    const tenThousand = await predict(10_000);
    expect(tenThousand.status).toBe(422);
    expect(tenThousand.body.errors).toEqual({ predictions: ['Too many predictions.'] });
    expect(tenThousand.bytes).toBeLessThan(500);
    const huge = await predict(120_000);
    expect([huge.status, huge.bytes < 200]).toEqual([413, true]);
    // Within bounds but every element wrong: the error list stays a few entries.
    const wrong = await predict(64);
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors!).length).toBeLessThanOrEqual(10);
  });

  it('finding 7: a route that reads no body or query refuses NUL bytes, prototype keys and unknown fields, and does nothing', async () => {
    const item = await stack.admin.json('POST', '/api/admin/store-items', { name: 'Sticker', cost: 5, category: 'merch' });
    expect(item.status).toBe(201);
    const { id, client } = await stack.member();
    expect((await stack.admin.json('POST', `/api/admin/users/${id}/points`, { delta: 100, note: 'test grant' })).status).toBeLessThan(300);
    const redeem = `/api/r/store/${item.body.data.id as number}/redeem`;
    for (const [body, field] of [
      ['{"a":"\\u0000"}', 'a'],
      ['{"__proto__":{"cost":0}}', '__proto__'],
      ['{"toString":1}', 'toString'],
      ['{"constructor":{"prototype":{}}}', 'constructor'],
    ] as const) {
      const answer = await send(client, 'POST', redeem, body);
      expect([body, answer.status, answer.body]).toEqual([
        body,
        422,
        { success: false, message: INVALID, errors: { [field]: ['Unknown field.'] } },
      ]);
    }
    expect((await send(client, 'POST', `${redeem}?x=%00`, '{}')).status).toBe(422);
    const redemptions = async () =>
      Number(
        (await stack.em.fork().execute<{ n: string }[]>('select count(*)::text as n from store_redemptions where user_id = ?', [id]))[0]!.n,
      );
    expect(await redemptions()).toBe(0);
    // The page's own request (an empty body and its Idempotency-Key) still redeems.
    const ok = await client.request('POST', redeem, { json: {}, headers: { 'idempotency-key': 'hostile-load-test-1' } });
    expect(ok.status).toBe(200);
    expect(await redemptions()).toBe(1);
    for (const path of [
      '/api/r/raffles?x=%00',
      '/api/r/raffles/1?x=1',
      '/api/r/points/history?page=1&x=%00',
      '/api/r/site?constructor=1',
    ]) {
      const answer = await client.json('GET', path);
      expect([path, answer.status, answer.body.success]).toEqual([path, 422, false]);
    }
  });

  it('finding 7: room:join with a non-string room is answered with a clear refusal, never an internal error', async () => {
    const socket = await stack.socket();
    const exceptions: unknown[] = [];
    socket.on('exception', (e: unknown) => exceptions.push(e));
    for (const room of [{ toString: 1 }, { __proto__: 1 }, ['site'], 42, null, 'no-such-room']) {
      const answer = (await socket.timeout(5_000).emitWithAck('room:join', room)) as RoomJoinAnswer;
      expect(answer).toEqual({ room: room === 'no-such-room' ? room : '', joined: false, message: 'Unknown room.' });
    }
    expect(await socket.timeout(5_000).emitWithAck('room:join', 'site')).toEqual({ room: 'site', joined: true });
    expect(exceptions).toEqual([]);
  });

  it('finding 1: socket events are limited per connection and per member; refused ones never reach the handler', async () => {
    const beat = { visible: true, player: true };
    const beats = (socket: Socket, n: number) =>
      Promise.all(
        Array.from({ length: n }, () => socket.timeout(10_000).emitWithAck('activity:heartbeat', beat) as Promise<WatchHeartbeatAnswer>),
      );
    const refused = (answers: WatchHeartbeatAnswer[]) => answers.filter((a) => a.next_beat_seconds === null).length;

    // One connection: a page's few at once reach the watch service (then 1.5 a second refill the allowance), the
    // rest are refused before any work.
    const one = await stack.member();
    const socket = await stack.socket(one.client);
    const sentAt = performance.now();
    const answers = await beats(socket, 150);
    const refill = Math.ceil(((performance.now() - sentAt) / 1000) * 1.5);
    expect(150 - refused(answers)).toBeGreaterThanOrEqual(4);
    expect(150 - refused(answers)).toBeLessThanOrEqual(4 + refill);

    // Fifty tabs of one member, each within its own allowance: the member's 180 a minute hold across them.
    const tabs = await stack.member();
    const sockets = await Promise.all(Array.from({ length: 50 }, () => stack.socket(tabs.client)));
    const tabAnswers = await Promise.all(sockets.map((tab) => beats(tab, 4)));
    expect(refused(tabAnswers.flat())).toBe(20);

    // A visitor's heartbeat and raffle entry are refused outright; its room joins are limited per connection.
    const visitor = await stack.socket();
    expect(refused(await beats(visitor, 3))).toBe(3);
    const errors: string[] = [];
    visitor.on('room:error', (e: { message: string }) => errors.push(e.message));
    const joinedAt = performance.now();
    const joins = await Promise.all(
      Array.from({ length: 130 }, () => visitor.timeout(10_000).emitWithAck('room:join', 'site') as Promise<RoomJoinAnswer>),
    );
    // 24 at once (a page's rooms on load), then 2 a second.
    const joined = joins.filter((j) => j.joined).length;
    expect(joined).toBeGreaterThanOrEqual(24);
    expect(joined).toBeLessThanOrEqual(24 + Math.ceil(((performance.now() - joinedAt) / 1000) * 2));
    expect(joins.filter((j) => !j.joined && /Too many requests/.test(j.message ?? '')).length).toBe(130 - joined);
  });

  it('finding 1: the HTTP raffle entry keeps its member limit and gets a per-address one (300 a minute across members)', async () => {
    const members = await Promise.all(Array.from({ length: 11 }, () => stack.member()));
    const statuses = (
      await Promise.all(
        members.map(async ({ client }) => {
          const answers: number[] = [];
          for (let i = 0; i < 28; i++)
            answers.push((await client.json('POST', '/api/r/raffles/2147483000/enter', { entry_type: 'passwordless' })).status);
          return answers;
        }),
      )
    ).flat();
    expect(statuses.filter((s) => s === 429).length).toBe(11 * 28 - 300);
    expect(statuses.filter((s) => s === 404).length).toBe(300);
  });
});
