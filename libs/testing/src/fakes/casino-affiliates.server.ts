import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type FakeCasino = 'roobet' | 'shuffle' | 'rainbet' | 'gamdom' | 'stake' | 'generic';

/** How the next answers of one casino behave. */
export type FakeCasinoMode = 'ok' | 'server-error' | 'unauthorized' | 'hang' | 'malformed' | 'not-json';

export interface FakeCasinoPlayer {
  username: string;
  /** Sent as given: numbers stay numbers, strings stay strings (casinos do both). */
  wagered: number | string;
  /** Gamdom only: the month bucket (YYYY-MM); defaults to the requested `after` month. */
  month?: string;
  /** Gamdom only: -1 for hidden players. */
  userId?: number;
}

/** One bet at a moment: with bets set, a casino answers from them for the window it is asked (see `bets`). */
export interface FakeBet {
  username: string;
  amount: number;
  at: Date;
}

export interface RecordedRequest {
  casino: FakeCasino;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The casino affiliate statistics APIs as docs/leaderboard.md documents them, on one local port:
 * Roobet  GET /affiliate/v2/stats?userId&startDate&endDate  (Bearer token) → array
 * Shuffle GET /stats/<uuid>?startTime&endTime                               → array
 * Rainbet GET /v1/external/affiliates?start_at&end_at&key                  → { affiliates, cache_updated_at }
 * Gamdom  GET /api/affiliates/leaderboard?apikey&after                     → { data: [{ user_id, username, wager_data }] }
 * Stake   GET /affiliate/leaderboard?timePeriod&startDate&endDate&limit&offset (x-access-token) → CSV
 * plus a "generic" JSON API at GET /generic/stats → { result: { rows: [{ name, total }] } }.
 * Credentials are checked; `mode` makes a casino fail in the ways real services do.
 */
export class FakeCasinoServer {
  private server: Server | null = null;
  url = '';
  readonly players: Record<FakeCasino, FakeCasinoPlayer[]> = { roobet: [], shuffle: [], rainbet: [], gamdom: [], stake: [], generic: [] };
  readonly mode: Record<FakeCasino, FakeCasinoMode> = {
    roobet: 'ok',
    shuffle: 'ok',
    rainbet: 'ok',
    gamdom: 'ok',
    stake: 'ok',
    generic: 'ok',
  };
  /** Fail this many requests with 503 before answering normally (per casino). */
  readonly failFirst: Record<FakeCasino, number> = { roobet: 0, shuffle: 0, rainbet: 0, gamdom: 0, stake: 0, generic: 0 };
  readonly requests: RecordedRequest[] = [];
  /**
   * When a casino has bets, its players are computed per request instead of read from `players`: the bets placed
   * inside the window it is asked for (Roobet, Shuffle, Stake, Rainbet's days, the generic API's `from`/`to` when its
   * URL sends them) or, for Gamdom, per month from `after`; never a bet after `clock()`, which a test moves.
   */
  readonly bets: Record<FakeCasino, FakeBet[]> = { roobet: [], shuffle: [], rainbet: [], gamdom: [], stake: [], generic: [] };
  clock: () => Date = () => new Date();
  private readonly hanging = new Set<ServerResponse>();

  constructor(readonly secrets: Record<FakeCasino, string>) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const query = Object.fromEntries(url.searchParams);
    const casino = this.casinoOf(url.pathname);
    if (!casino || req.method !== 'GET') return send(res, 404, 'application/json', '{"error":"not found"}');
    this.requests.push({ casino, path: url.pathname, query, headers: req.headers });
    if (this.failFirst[casino] > 0) {
      this.failFirst[casino] -= 1;
      return send(res, 503, 'application/json', '{"error":"temporarily unavailable"}');
    }
    if (!this.authorised(casino, url, req)) return send(res, 401, 'application/json', '{"error":"invalid credentials"}');
    switch (this.mode[casino]) {
      case 'server-error':
        return send(res, 500, 'application/json', '{"error":"internal"}');
      case 'unauthorized':
        return send(res, 401, 'application/json', '{"error":"invalid credentials"}');
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'not-json':
        return send(res, 200, 'text/html', '<html><body>Maintenance</body></html>');
      case 'malformed':
        return send(res, 200, 'application/json', JSON.stringify(malformed(casino)));
      case 'ok':
        return this.answer(casino, query, res);
    }
  }

  private casinoOf(path: string): FakeCasino | null {
    if (path === '/affiliate/v2/stats') return 'roobet';
    if (path.startsWith('/stats/')) return 'shuffle';
    if (path === '/v1/external/affiliates') return 'rainbet';
    if (path === '/api/affiliates/leaderboard') return 'gamdom';
    if (path === '/affiliate/leaderboard') return 'stake';
    if (path === '/generic/stats') return 'generic';
    return null;
  }

  private authorised(casino: FakeCasino, url: URL, req: IncomingMessage): boolean {
    const secret = this.secrets[casino];
    switch (casino) {
      case 'roobet':
        return req.headers.authorization === `Bearer ${secret}` && Boolean(url.searchParams.get('userId'));
      case 'shuffle':
        return url.pathname === `/stats/${secret}`;
      case 'rainbet':
        return url.searchParams.get('key') === secret;
      case 'gamdom':
        return url.searchParams.get('apikey') === secret;
      case 'stake':
        return req.headers['x-access-token'] === secret;
      case 'generic':
        return req.headers['x-api-key'] === secret;
    }
  }

  /** The window a request asks for, as the casino's own parameters say it; null when it asks for running totals. */
  private askedWindow(casino: FakeCasino, query: Record<string, string>): { start: number; end: number } | null {
    switch (casino) {
      case 'roobet':
        return { start: Date.parse(query.startDate), end: Date.parse(query.endDate) };
      case 'shuffle':
        return { start: Number(query.startTime) * 1000, end: Number(query.endTime) * 1000 };
      case 'stake':
        return { start: Number(query.startDate), end: Number(query.endDate) };
      case 'rainbet':
        return { start: Date.parse(query.start_at), end: Date.parse(query.end_at) + 86_400_000 };
      case 'generic':
        return query.from && query.to ? { start: Date.parse(query.from), end: Date.parse(query.to) } : null;
      case 'gamdom':
        return { start: Date.parse(query.after), end: Infinity };
    }
  }

  /** The players a request is answered with: `players`, or the bets summed per player (per month for Gamdom). */
  private playersFor(casino: FakeCasino, query: Record<string, string>): FakeCasinoPlayer[] {
    if (!this.bets[casino].length) return this.players[casino];
    const window = this.askedWindow(casino, query) ?? { start: -Infinity, end: Infinity };
    const now = this.clock().getTime();
    const totals = new Map<string, FakeCasinoPlayer>();
    for (const bet of this.bets[casino]) {
      const at = bet.at.getTime();
      if (at < window.start || at >= window.end || at > now) continue;
      const month = casino === 'gamdom' ? bet.at.toISOString().slice(0, 7) : undefined;
      const key = `${bet.username}|${month ?? ''}`;
      const seen = totals.get(key);
      totals.set(key, { username: bet.username, wagered: Math.round(((seen ? Number(seen.wagered) : 0) + bet.amount) * 100) / 100, month });
    }
    return [...totals.values()];
  }

  private answer(casino: FakeCasino, query: Record<string, string>, res: ServerResponse): void {
    const list = this.playersFor(casino, query);
    switch (casino) {
      case 'roobet':
        return sendJson(
          res,
          list.map((p, i) => ({
            uid: `uid-${i}`,
            username: p.username,
            wagered: p.wagered,
            weightedWagered: typeof p.wagered === 'number' ? p.wagered / 2 : p.wagered,
            favoriteGameId: 'pragmatic:vs20olympgate',
            favoriteGameTitle: 'Gates of Olympus',
            rankLevel: 3,
            rankLevelImage: 'https://roobet.com/ranks/3.png',
          })),
        );
      case 'shuffle':
        return sendJson(
          res,
          list.map((p) => ({ username: p.username, wagerAmount: p.wagered })),
        );
      case 'rainbet':
        return sendJson(res, {
          affiliates: list.map((p, i) => ({ id: String(1000 + i), username: p.username, wagered_amount: String(p.wagered) })),
          cache_updated_at: new Date().toISOString(),
        });
      case 'gamdom': {
        const month = (query.after ?? '').slice(0, 7);
        return sendJson(res, {
          data: list.map((p, i) => ({
            user_id: p.userId ?? 500 + i,
            username: p.username,
            wager_data: [{ month: p.month ?? month, total_wager_usd: p.wagered }],
          })),
        });
      }
      case 'stake': {
        const limit = Number(query.limit ?? 1000);
        const offset = Number(query.offset ?? 0);
        const page = list.slice(offset, offset + limit);
        const lines = ['rank,user_name,campaign_code,total_wagered_amount,total_weighted_amount'];
        page.forEach((p, i) => lines.push(`${offset + i + 1},${csvField(p.username)},KICKBACK,${p.wagered},${p.wagered}`));
        return send(res, 200, 'text/csv', `${lines.join('\n')}\n`);
      }
      case 'generic':
        return sendJson(res, { result: { rows: list.map((p) => ({ name: p.username, total: p.wagered })) } });
    }
  }
}

function malformed(casino: FakeCasino): unknown {
  switch (casino) {
    case 'rainbet':
      return { affiliates: 'temporarily unavailable' };
    case 'gamdom':
      return { data: [{ user_id: 1, username: 'x', wager_data: 'n/a' }] };
    case 'generic':
      return { result: { rows: [{ name: 'x', total: 'lots' }] } };
    default:
      return [{ username: 'someone', wagered: 'NaN', wagerAmount: { value: 1 } }];
  }
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

const sendJson = (res: ServerResponse, body: unknown) => send(res, 200, 'application/json', JSON.stringify(body));
