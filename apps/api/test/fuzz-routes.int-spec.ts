import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { READ_API_SCOPES } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';
import { concretePath, listRoutes, listSocketEvents, type RouteInfo } from '../src/bootstrap/route-inventory';
import { SOCKET_EVENT_POLICIES } from '../src/realtime/socket-event-policies';

/** Texts that broke or could break a parser, a query or a page: NUL, lone surrogates, RTL, prototype keys, huge. */
const HOSTILE_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202Egnp.exe',
  '__proto__',
  'constructor',
  'toString',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '1e20',
  '-1',
  '2147483648',
  '99999999999999999999',
  'NaN',
  '',
  ' ',
  '🎰'.repeat(500),
  'x'.repeat(100_000),
];
const FIELDS = [
  'name',
  'title',
  'description',
  'message',
  'entry_type',
  'password',
  'points_spent',
  'search',
  'username',
  'user_id',
  'status',
  'priority',
  'category_id',
  'predictions',
  'cost',
  'quantity',
  'code',
  'codes',
  'url',
  'image',
  'email',
  'subject',
  'bio',
  'site_name',
  'theme',
  'source_config',
  'prizes',
  'delta',
  'note',
  'position',
  'active',
  'page',
  'raffle_id',
  'match_id',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXTS), fc.string({ unit: 'binary', maxLength: 40 }));
const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.constantFrom(1e20, -1, 0, 2_147_483_648, Number.MAX_SAFE_INTEGER, 0.5, true, false, null),
  fc.array(hostileText, { maxLength: 5 }),
  fc.constant(deep(200)),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileText, { maxKeys: 3 }),
);
const hostileBody = fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 5 });
const hostileQuery = fc.dictionary(fc.constantFrom(...FIELDS), hostileText, { minKeys: 1, maxKeys: 3 });

/** A route pattern with every parameter replaced by a hostile segment (wildcards by a short one). */
function hostilePath(pattern: string, segment: string): string {
  let value: string;
  try {
    value = encodeURIComponent(segment.slice(0, 200)) || '%20';
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would.
    value = '%ED%A0%80';
  }
  return (
    pattern
      .replace(/\{\/?\*[^}]+\}/g, '')
      .replace(/\*\w*/g, 'x')
      .replace(/:\w+/g, value) || '/'
  );
}

function isFailureEnvelope(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { success?: unknown; message?: unknown };
    return parsed.success === false && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

/** Full-page and session routes change who is logged in; they have their own tests. */
const SKIPPED = /^\/(logout|login|auth)(\/|$)|^\/\{\*|^\/$/;

/**
 * Contract fuzzing: every /api route and the client→server socket events get generated hostile paths, queries
 * and bodies. The answer is never a 5xx, a failure always has the SPEC envelope, and a refused write changes no row.
 */
describe('fuzzing every route and socket event with hostile input', () => {
  // Generous: the sweeps take minutes on a busy 2-core machine.
  jest.setTimeout(480_000);
  const sockets: Socket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000', READ_API_PER_MINUTE: '1000000' } });

  /** The admin's socket, from the site's own origin as a browser would open it. */
  const adminSocket = async () => {
    const socket = io(stack.api.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: stack.admin.cookieHeader, origin: stack.env.APP_URL.replace(/\/$/, '') },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    return socket;
  };

  beforeAll(async () => {
    const token = await stack.admin.json('POST', '/api/admin/read-api/tokens', { name: 'fuzz', scopes: [...READ_API_SCOPES] });
    readApiHeaders = { authorization: `Bearer ${token.body.data.token as string}` };
  });

  /** A digest of every application table, to prove a refused request wrote nothing. */
  /**
   * Columns a refused request may still write: a read API token records its last use (at most once a minute) when it
   * authenticates, before the request is read, so a sweep that starts over a minute after the token's last use moves it.
   */
  const UNREAD_COLUMNS: Record<string, string> = { read_api_tokens: 'last_used_at' };

  /** The tables whose digest differs between two checksums. */
  const changedTables = (before: string, after: string): string[] => {
    const earlier = new Set(before.split(','));
    return after
      .split(',')
      .filter((part) => !earlier.has(part))
      .map((part) => part.split(':')[0]!);
  };

  async function checksum(): Promise<string> {
    const em = stack.em;
    const tables = await em.execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'mikro_orm%' order by tablename`,
    );
    const parts = await Promise.all(
      tables.map(async ({ name }) => {
        const rowText = UNREAD_COLUMNS[name] ? `(to_jsonb(t) - '${UNREAD_COLUMNS[name]}')::text` : 't::text';
        const [row] = await em.execute<{ digest: string | null }[]>(
          `select md5(string_agg(${rowText}, '|' order by ${rowText})) as digest from "${name}" t`,
        );
        return `${name}:${row!.digest ?? '-'}`;
      }),
    );
    return parts.join(',');
  }

  /** The read API admits by its token, not the session: its routes are fuzzed past that door, with a token of every scope. */
  let readApiHeaders: Record<string, string> = {};
  const credentialFor = (path: string) => (path.startsWith('/api/v1/') ? readApiHeaders : {});

  async function call(route: RouteInfo, path: string, query: Record<string, string>, body: unknown) {
    const qs = new URLSearchParams(query).toString();
    const url = qs ? `${path}?${qs}` : path;
    const headers = credentialFor(route.path);
    const res = await stack.admin.request(
      route.method,
      url,
      route.method === 'GET' || route.method === 'DELETE' ? { headers } : { json: body, headers },
    );
    const text = await res.text();
    return { status: res.status, text };
  }

  it('answers every hostile request with a 4xx envelope or a plain success, never a 5xx, and refused writes change nothing', async () => {
    const routes = listRoutes(stack.api.app).filter((r) => r.path.startsWith('/api/') && !SKIPPED.test(r.path));
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    // A refusing write route's digest after is the next write route's digest before (nothing runs in between).
    let last: string | undefined;
    for (const route of routes) {
      const before = route.method === 'GET' ? '' : (last ?? (await checksum()));
      last = undefined;
      let wrote = false;
      const check = async (segment: string, query: Record<string, string>, body: unknown) => {
        const { status, text } = await call(route, hostilePath(route.path, segment), query, body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) problems.push(`${route.method} ${route.path} → ${status} ${JSON.stringify(text.slice(0, 160))}`);
        if (status >= 400 && status < 500 && !isFailureEnvelope(text))
          problems.push(`${route.method} ${route.path} → ${status} without the envelope: ${JSON.stringify(text.slice(0, 160))}`);
        if (status < 400) wrote = true;
      };
      // Every hostile text in every known field at once, side by side as a client's retries would arrive, then
      // generated mixtures.
      await Promise.all(
        HOSTILE_TEXTS.map((text) => {
          const short = text.length < 1000 ? text : 'x';
          return check(text, Object.fromEntries(FIELDS.map((f) => [f, short])), Object.fromEntries(FIELDS.map((f) => [f, text])));
        }),
      );
      await fc.assert(
        fc.asyncProperty(hostileText, hostileQuery, hostileBody, async (segment, query, body) => {
          const { status, text } = await call(route, hostilePath(route.path, segment), query, body);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) problems.push(`${route.method} ${route.path} → ${status} ${text.slice(0, 160)}`);
          if (status >= 400 && status < 500 && !isFailureEnvelope(text))
            problems.push(`${route.method} ${route.path} → ${status} without the envelope: ${JSON.stringify(text.slice(0, 160))}`);
          if (status < 400) wrote = true;
          return true;
        }),
        { numRuns: 4, seed: 20261124 },
      );
      // A route that accepted some input may have changed rows legitimately; every refused write must leave none.
      if (route.method !== 'GET' && !wrote) {
        last = await checksum();
        if (last !== before) problems.push(`${route.method} ${route.path} changed rows while refusing`);
      }
    }
    expect(problems).toEqual([]);
    // The inputs reached the handlers' validation, not only the HTTP parser: refusals of every kind were seen.
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(routes.length * (4 + HOSTILE_TEXTS.length));
    for (const status of [404, 422]) expect([status, statuses.get(status) ?? 0]).toEqual([status, expect.any(Number)]);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(50);
    // Most hostile requests carry query parameters their route does not declare, refused (422) before a path's id is
    // looked up; the 404s come from routes whose query accepts the fuzzed names.
    expect(statuses.get(404) ?? 0).toBeGreaterThan(20);
  });

  it('dates at the ends of what Date.parse reads are refused by name on every route that takes one, never a 500', async () => {
    const now = Date.now();
    const raffle = await stack.admin.json('POST', '/api/admin/raffles', {
      title: 'Date bounds',
      start_datetime: new Date(now).toISOString(),
      end_datetime: new Date(now + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    const board = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Date bounds',
      slug: 'date-bounds',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
    });
    expect([raffle.status, board.status]).toEqual([201, 201]);
    const ok = { start: '2030-01-01T00:00:00Z', end: '2030-02-01T00:00:00Z' };
    // Each route and how it carries a start and an end.
    const targets = [
      {
        method: 'POST',
        path: '/api/admin/raffles',
        start: 'start_datetime',
        end: 'end_datetime',
        base: { title: 'x', number_of_winners: 1 },
      },
      { method: 'PUT', path: `/api/admin/raffles/${raffle.body.data.id}`, start: 'start_datetime', end: 'end_datetime', base: {} },
      {
        method: 'POST',
        path: '/api/admin/leaderboard/platforms',
        start: 'custom_start',
        end: 'custom_end',
        base: { name: 'x', slug: 'date-bound-new', currency_symbol: '$', source_type: 'manual_csv', period_type: 'custom' },
      },
      {
        method: 'PUT',
        path: `/api/admin/leaderboard/platforms/${board.body.data.id}`,
        start: 'custom_start',
        end: 'custom_end',
        base: { period_type: 'custom' },
      },
    ] as const;
    const extremes = [
      '0000-01-01T00:00:00Z',
      '0000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
    ];
    const generated = fc.sample(fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }), {
      numRuns: 12,
      seed: 20261129,
    });
    const problems: string[] = [];
    for (const target of targets) {
      for (const date of [...extremes, ...generated.map((d) => d.toISOString())]) {
        const year = new Date(date).getUTCFullYear();
        const inRange = year >= 2000 && year <= 2100;
        for (const field of [target.start, target.end]) {
          const body = { ...target.base, [target.start]: ok.start, [target.end]: ok.end, [field]: date };
          // A date in range may still be refused for its order (an end before the start), never for its year.
          const res = await stack.admin.json(target.method, target.path, body);
          const errors = (res.body as { errors?: Record<string, string[]> }).errors ?? {};
          if (inRange) {
            if (res.status >= 500 || (errors[field] ?? []).some((m) => /2000/.test(m)))
              problems.push(`${target.method} ${target.path} ${field}=${date} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          } else if (res.status !== 422 || !(errors[field] ?? []).some((m) => /2000 and 2100/.test(m))) {
            problems.push(`${target.method} ${target.path} ${field}=${date} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every /api route refuses an undeclared field, a NUL byte and prototype keys in its query and body, even a route that reads nothing', async () => {
    // The OpenAPI pages (swagger-ui's own Express routes, off in production) serve static files and read nothing.
    const routes = listRoutes(stack.api.app).filter(
      (r) => r.path.startsWith('/api/') && !SKIPPED.test(r.path) && !/^\/api\/docs/.test(r.path),
    );
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const expectRefusal = async (route: RouteInfo, url: string, rawBody: string | undefined, field: string) => {
      const headers = credentialFor(route.path);
      const res = await stack.admin.request(
        route.method,
        url,
        rawBody === undefined
          ? { headers }
          : { headers: { ...headers, 'content-type': 'application/json' }, body: rawBody as unknown as FormData },
      );
      const text = await res.text();
      let errors: Record<string, unknown> = {};
      try {
        errors = (JSON.parse(text) as { errors?: Record<string, unknown> }).errors ?? {};
      } catch {
        // Not JSON: reported below.
      }
      if (res.status !== 422 || !isFailureEnvelope(text) || !Object.hasOwn(errors, field))
        problems.push(
          `${route.method} ${route.path} ${url.includes('?') ? 'query' : 'body'} ${field} → ${res.status} ${text.slice(0, 120)}`,
        );
    };
    // One digest around the whole sweep (a digest per route doubles its time): every request of it must be refused.
    const before = await checksum();
    for (const route of routes) {
      const path = concretePath(route.path);
      await expectRefusal(route, `${path}?zz_fuzz=%00`, route.method === 'GET' ? undefined : '{}', 'zz_fuzz');
      await expectRefusal(route, `${path}?toString=1`, route.method === 'GET' ? undefined : '{}', 'toString');
      if (route.method === 'GET') continue;
      for (const [body, field] of [
        ['{"zz_fuzz":"\\u0000"}', 'zz_fuzz'],
        ['{"__proto__":{"role":"Admin"}}', '__proto__'],
        ['{"toString":1}', 'toString'],
        ['{"constructor":{"prototype":{"x":1}}}', 'constructor'],
      ] as const)
        await expectRefusal(route, path, body, field);
    }
    const after = await checksum();
    if (after !== before) problems.push(`a refused request changed rows: ${changedTables(before, after).join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('every socket event has limits and a strict message: junk fields, NUL bytes, prototype keys and non-objects get a clear answer', async () => {
    const events = listSocketEvents(stack.api.app);
    expect(events).toEqual(Object.keys(SOCKET_EVENT_POLICIES).sort());
    const socket = await adminSocket();
    const exceptions: unknown[] = [];
    socket.on('exception', (e: unknown) => exceptions.push(e));
    const messages: unknown[] = [
      { zz_fuzz: 1 },
      { zz_fuzz: '\u0000' },
      JSON.parse('{"__proto__":{"x":1}}'),
      { toString: 1 },
      { constructor: { prototype: {} } },
      'x\u0000',
      42,
      null,
      [1, 2],
    ];
    const problems: string[] = [];
    for (const event of events) {
      for (const message of messages) {
        // room:leave answers nothing: its refusal is doing nothing (the connection still answering shows it survived).
        if (event === 'room:leave') {
          socket.emit(event, message);
          continue;
        }
        let answer: unknown;
        try {
          answer = await socket.timeout(5_000).emitWithAck(event, message);
        } catch {
          problems.push(`${event} ${JSON.stringify(message)} → no answer`);
          continue;
        }
        const text = JSON.stringify(answer) ?? '';
        if (/internal server error|something went wrong/i.test(text)) problems.push(`${event} ${JSON.stringify(message)} → ${text}`);
        const refused =
          (event === 'raffle:enter' && (answer as { status: number }).status >= 400 && (answer as { status: number }).status < 500) ||
          (event === 'activity:heartbeat' && (answer as { next_beat_seconds: unknown }).next_beat_seconds === null) ||
          (event === 'room:join' && (answer as { joined: boolean }).joined === false);
        if (!refused) problems.push(`${event} ${JSON.stringify(message)} → accepted: ${text}`);
      }
    }
    expect(problems).toEqual([]);
    expect(exceptions).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('socket events with hostile payloads are answered or ignored, never crash the connection', async () => {
    const socket = await adminSocket();
    const answers: number[] = [];
    await fc.assert(
      fc.asyncProperty(hostileValue, hostileBody, async (raffleId, body) => {
        // Messages over the socket limit close the connection unread: the last case below.
        fc.pre(JSON.stringify({ ...body, raffle_id: raffleId }).length < 16_000);
        const answer = (await socket.timeout(5000).emitWithAck('raffle:enter', { ...body, raffle_id: raffleId })) as { status: number };
        answers.push(answer.status);
        socket.emit('room:join', raffleId);
        socket.emit('room:leave', raffleId);
        // A hostile heartbeat is still answered (with when to beat again, or null to stop), never an error.
        const beat = (await socket.timeout(5000).emitWithAck('activity:heartbeat', body)) as { next_beat_seconds?: unknown };
        const beatAnswered = beat !== null && typeof beat === 'object' && 'next_beat_seconds' in beat;
        return answer.status >= 400 && answer.status < 500 && beatAnswered;
      }),
      { numRuns: 60, seed: 20261124 },
    );
    // Not an object at all, or sent without an acknowledgement: refused, and the connection keeps answering.
    for (const message of ['x\u0000'.repeat(2_000), 42, null, [1, 2], true]) {
      socket.emit('raffle:enter', message);
      const answer = (await socket.timeout(5000).emitWithAck('raffle:enter', message)) as { status: number };
      answers.push(answer.status);
    }
    expect(socket.connected).toBe(true);
    expect(answers.every((s) => s >= 400 && s < 500)).toBe(true);
    // A message over the socket limit (32 KB, as an HTTP body) ends the connection before it is parsed.
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit('raffle:enter', { raffle_id: 1, entry_type: 'passwordless', junk: 'x'.repeat(100_000) });
    expect(await closed).toBe('transport close');
  });
});
