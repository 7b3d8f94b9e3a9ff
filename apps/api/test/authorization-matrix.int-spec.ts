import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { runDemoSeed } from '@kickback/domain';
import { integrationStack, createUser, testSocket, type RunningApi, type TestClient } from '@kickback/testing';
import { listRouteHandlers, listSocketEvents } from '../src/bootstrap/route-inventory';
import { once } from './support/socket-events';
import {
  ACTORS,
  HTTP_RULES,
  OWNED_VIEWS,
  SOCKET_RULES,
  type Actor,
  type Audience,
  type HttpRule,
  type OwnedResource,
} from './authorization-table';

/** A row id no seeded row has: allowed callers get the route's own 404/422, never a change. */
const MISSING_ID = '2147483000';
const DENIED_LOGGED_OUT: Actor[] = ['anonymous', 'banned'];

const inAudience = (audience: Audience, actor: Actor): boolean =>
  audience === 'everyone' ||
  (audience === 'members' && !DENIED_LOGGED_OUT.includes(actor)) ||
  (audience === 'staff' && (actor === 'staff' || actor === 'Admin')) ||
  (audience === 'live' && (actor === 'moderator' || actor === 'Admin')) ||
  (audience === 'panel' && (actor === 'staff' || actor === 'moderator' || actor === 'Admin')) ||
  actor === audience;

/** What the table says `actor` must get: 'pass' (any answer but 401/403/5xx) or an exact status. */
function expected(rule: HttpRule, actor: Actor): 'pass' | number {
  if (rule.everyActorGets !== undefined) return rule.everyActorGets;
  if (inAudience(rule.audience, actor)) return 'pass';
  return rule.deniedAs?.[actor] ?? (DENIED_LOGGED_OUT.includes(actor) ? 401 : 403);
}

/** A handler that answers every method is one table row, `ALL <path>`, tried with GET and POST. */
function registeredRoutes(app: RunningApi['app']): { key: string; methods: string[]; path: string }[] {
  return listRouteHandlers(app).flatMap(({ path, methods }) =>
    methods.length >= 20
      ? [{ key: `ALL ${path}`, methods: ['GET', 'POST'], path }]
      : methods.map((m) => ({ key: `${m} ${path}`, methods: [m], path })),
  );
}

const concrete = (pattern: string, id: string) => pattern.replace(/\{\/?\*\w+\}/g, 'x').replace(/:\w+/g, id);

/** How each socket event is tried and what counts as refused (401/403) or served. */
/** How long the matrix waits for a socket's answer. */
const SOCKET_WAIT_MS = 3000;

const SOCKET_PROBES: Record<string, (socket: Socket) => Promise<number>> = {
  'room:join': async (socket) => {
    const joined = once(socket, 'room:joined', SOCKET_WAIT_MS);
    socket.emit('room:join', 'site');
    return joined.then(() => 200);
  },
  'room:leave': async (socket) => {
    socket.emit('room:leave', 'site');
    // No answer by design; the connection stays usable.
    const joined = once(socket, 'room:joined', SOCKET_WAIT_MS);
    socket.emit('room:join', 'site');
    return joined.then(() => 200);
  },
  'raffle:enter': (socket) =>
    socket
      .timeout(3000)
      .emitWithAck('raffle:enter', { raffle_id: Number(MISSING_ID), entry_type: 'passwordless' })
      .then((answer: { status: number }) => answer.status),
  // Never an error: a socket without a member (anonymous, or a banned member's ended session) is told to stop
  // beating (next_beat_seconds null), which is its refusal; a member is told when to beat next.
  'activity:heartbeat': (socket) =>
    socket
      .timeout(3000)
      .emitWithAck('activity:heartbeat', { visible: true, player: true })
      .then((answer: { next_beat_seconds: number | null }) => (answer.next_beat_seconds === null ? 401 : 200)),
};

describe('authorization matrix: every route and socket event, every actor, one table', () => {
  const clients = {} as Record<Actor, TestClient>;
  const ids = {} as Record<Actor, number>;
  const owned = {} as Record<OwnedResource, number>;

  const userId = async (username: string) =>
    (await stack.em.execute<{ id: number }[]>('select id from users where lower(username) = lower(?)', [username]))[0]!.id;

  async function seedOwnedResources(owner: TestClient): Promise<void> {
    const [{ id: categoryId }] = await stack.em.execute<{ id: number }[]>(
      'select id from ticket_categories where active order by id limit 1',
    );
    const form = new FormData();
    form.append('title', 'My withdrawal is stuck');
    form.append('description', 'Since yesterday.');
    form.append('category_id', String(categoryId));
    form.append('priority', 'medium');
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    form.append('images[0]', new Blob([png], { type: 'image/png' }), 'proof.png');
    const created = await owner.request('POST', '/api/r/tickets', { body: form });
    expect(created.status).toBe(200);
    owned.ticket = ((await created.json()) as { data: { id: number } }).data.id;
    [{ id: owned.ticketImage }] = await stack.em.execute<{ id: number }[]>('select id from ticket_images where ticket_id = ?', [
      owned.ticket,
    ]);

    const store = await owner.json('GET', '/api/r/store');
    const item = (store.body.data.store_items as { id: number; cost: number; quantity: number | null }[]).find(
      (i) => i.cost <= store.body.data.user_points && (i.quantity === null || i.quantity > 0),
    )!;
    expect((await owner.json('POST', `/api/r/store/${item.id}/redeem`)).status).toBe(200);
    [{ id: owned.redemption }] = await stack.em.execute<{ id: number }[]>(
      'select id::int as id from store_redemptions where user_id = ? order by id desc limit 1',
      [ids.member],
    );

    // The demo hunt is being opened, so its predictions are closed: the member's guess is one made before that.
    const hunt = await owner.json('GET', '/api/r/bonus-hunts/current');
    [{ id: owned.huntPrediction }] = await stack.em.execute<{ id: number }[]>(
      `insert into hunt_predictions (hunt_id, user_id, end_balance, highest_multiplier, highest_multiplier_game)
       values (?, ?, 4321.5, 250, 'Gates of Olympus')
       on conflict (hunt_id, user_id) do update set end_balance = excluded.end_balance returning id`,
      [hunt.body.data.hunt.id, ids.member],
    );
  }

  /**
   * A friend request and a friendship are the same one row per member pair, so neither can wait from the start
   * while the other is tried: each is made just before its routes (and again after a call used it up), clearing
   * whatever the pair had first, all through the API.
   */
  async function seedFriendship(accepted: boolean): Promise<number> {
    const [row] = await stack.em.execute<{ id: number; status: string; receiver_id: number }[]>(
      'select id, status, receiver_id from friendships where (sender_id = ? and receiver_id = ?) or (sender_id = ? and receiver_id = ?)',
      [ids.member, ids.otherMember, ids.otherMember, ids.member],
    );
    if (row) {
      const cleared =
        row.status === 'pending'
          ? await clients[row.receiver_id === ids.member ? 'member' : 'otherMember'].json('POST', `/api/r/friends/${row.id}/decline`)
          : await clients.member.json('DELETE', `/api/r/friends/${row.id}`);
      expect(cleared.status).toBe(200);
    }
    const sent = await clients.member.json('POST', '/api/r/friends/request', { user_id: ids.otherMember });
    expect(sent.status).toBe(200);
    const id = sent.body.data.friendship_id as number;
    if (accepted) expect((await clients.otherMember.json('POST', `/api/r/friends/${id}/accept`)).status).toBe(200);
    return id;
  }
  const SEEDED_PER_ROUTE: Partial<Record<OwnedResource, () => Promise<number>>> = {
    friendRequest: () => seedFriendship(false),
    friendship: () => seedFriendship(true),
  };

  const stack = integrationStack();

  beforeAll(async () => {
    await runDemoSeed(stack.em.fork());
    ids.Admin = await userId('StreamBoss');
    ids.staff = await userId('HelpDeskHana');
    ids.member = await userId('LuckyLuke');
    ids.otherMember = await userId('SpinQueen');
    ids.banned = (await createUser(stack.em)).id;
    ids.moderator = (await createUser(stack.em)).id;
    for (const actor of ACTORS) {
      clients[actor] = stack.api.client();
      if (actor === 'anonymous') await clients[actor].refreshCsrf();
      else await clients[actor].loginAs(ids[actor]);
    }
    expect((await clients.Admin.json('POST', `/api/admin/users/${ids.banned}/ban`, { reason: 'Matrix' })).status).toBe(200);
    expect((await clients.Admin.json('PUT', `/api/admin/users/${ids.moderator}/role`, { role: 'moderator' })).status).toBe(200);
    await clients.banned.refreshCsrf();
    await seedOwnedResources(clients.member);
  });

  it('has a rule for every registered route and socket event, and no rule for a route that does not exist', () => {
    const routes = registeredRoutes(stack.api.app).map((r) => r.key);
    expect(routes.filter((r) => !HTTP_RULES[r])).toEqual([]);
    expect(Object.keys(HTTP_RULES).filter((r) => !routes.includes(r))).toEqual([]);
    const events = listSocketEvents(stack.api.app);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => !SOCKET_RULES[e] || !SOCKET_PROBES[e])).toEqual([]);
    expect(Object.keys(SOCKET_RULES).filter((e) => !events.includes(e))).toEqual([]);
  });

  it('answers every actor on every route as the table says', async () => {
    const problems: string[] = [];
    for (const { key, methods, path } of registeredRoutes(stack.api.app)) {
      const rule = HTTP_RULES[key];
      if (!rule) continue;
      for (const method of methods) {
        for (const actor of ACTORS) {
          let client = clients[actor];
          if (rule.endsSession) {
            client = stack.api.client();
            if (DENIED_LOGGED_OUT.includes(actor)) await client.refreshCsrf();
            else await client.loginAs(ids[actor]);
          }
          const res = await client.request(method, concrete(path, MISSING_ID), method === 'GET' ? {} : { json: rule.body ?? {} });
          const want = expected(rule, actor);
          const fine = want === 'pass' ? ![401, 403].includes(res.status) && res.status < 500 : res.status === want;
          if (!fine) problems.push(`${actor} ${method} ${path} → ${res.status} (table: ${want})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("lets the owner (and the roles the table names) reach a member's resource; everybody else gets 404", async () => {
    const problems: string[] = [];
    for (const [key, rule] of Object.entries(HTTP_RULES)) {
      if (!rule.owned) continue;
      const [method, pattern] = key.split(' ') as [string, string];
      const { resource } = rule.owned;
      const seed = SEEDED_PER_ROUTE[resource];
      if (seed) owned[resource] = await seed();
      for (const actor of ACTORS) {
        const res = await clients[actor].request(method, concrete(pattern, String(owned[resource])), {
          ...(method === 'GET' ? {} : { json: rule.owned.body ?? {} }),
        });
        const want =
          actor === (rule.owned.owner ?? 'member') || rule.owned.alsoSeenBy.includes(actor)
            ? 'success'
            : (rule.owned.refused?.[actor] ?? (inAudience(rule.audience, actor) ? 404 : expected(rule, actor)));
        const succeeded = res.status >= 200 && res.status < 300;
        const fine = want === 'success' ? succeeded : res.status === want;
        if (!fine) problems.push(`${actor} ${key} (${resource}) → ${res.status} (table: ${want})`);
        if (succeeded && rule.owned.consumed) {
          if (!seed) throw new Error(`${resource} is used up by ${key} but has no SEEDED_PER_ROUTE maker`);
          owned[resource] = await seed();
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows a member resource inside public answers to its owner only', async () => {
    const problems: string[] = [];
    for (const view of OWNED_VIEWS) {
      const path = view.route.split(' ')[1]!;
      for (const actor of ACTORS) {
        const res = await clients[actor].json('GET', path);
        const sees = view.ids(res.body.data).includes(owned[view.resource]);
        if (sees !== (actor === 'member')) problems.push(`${actor} ${view.route} ${sees ? 'sees' : 'misses'} the ${view.resource}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every actor on every client→server socket event as the table says', async () => {
    const problems: string[] = [];
    for (const event of listSocketEvents(stack.api.app)) {
      for (const actor of ACTORS) {
        const socket = testSocket(stack.api.url, clients[actor]);
        try {
          await once(socket, 'connect', SOCKET_WAIT_MS);
          const status = await SOCKET_PROBES[event]!(socket);
          const want = inAudience(SOCKET_RULES[event]!, actor) ? 'pass' : DENIED_LOGGED_OUT.includes(actor) ? 401 : 403;
          const fine = want === 'pass' ? ![401, 403].includes(status) && status < 500 : status === want;
          if (!fine) problems.push(`${actor} ${event} → ${status} (table: ${want})`);
        } finally {
          socket.close();
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
