import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DEFAULT_OVERLAY_SETTINGS, OVERLAY_KINDS, type IssuedOverlayToken, type OverlayPageData } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';
import { builtPage, frontendDist, injectedPageData } from './support/served-pages';

/** Answers 'joined' or the refusal for one room:join on a socket. */
function tryJoin(socket: Socket, room: string): Promise<string> {
  return new Promise((resolve) => {
    const done = (answer: string) => {
      socket.off('room:joined', joined);
      socket.off('room:error', refused);
      resolve(answer);
    };
    const joined = (p: { room: string }) => p.room === room && done('joined');
    const refused = (p: { room: string; message: string }) => p.room === room && done(p.message);
    socket.on('room:joined', joined);
    socket.on('room:error', refused);
    socket.emit('room:join', room);
  });
}

/** OBS overlays: tokens per kind (hashed, rotatable, revocable), token-checked pages and data, token-gated socket rooms. */
describe('overlay tokens, pages and sockets (real PostgreSQL + Redis)', () => {
  let dist: string;
  beforeAll(() => {
    dist = frontendDist({ 'index.html': builtPage('root'), 'overlay.html': builtPage('overlay') });
  });

  const stack = integrationStack({ admin: true, env: () => ({ FRONTEND_DIST: dist }) });

  const issue = async (kind: string) => {
    const res = await stack.admin.json<{ data: IssuedOverlayToken }>('POST', `/api/admin/overlays/${kind}/token`);
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const overlaySocket = (auth: Record<string, unknown>) => stack.socket(null, auth);

  it('only admins list, issue and revoke; tokens are stored hashed and unknown kinds are 404', async () => {
    const member = await stack.api.signedIn();
    expect((await member.json('GET', '/api/admin/overlays')).status).toBe(403);
    expect((await member.json('POST', '/api/admin/overlays/hunt/token')).status).toBe(403);
    expect((await stack.api.client().json('GET', '/api/admin/overlays')).status).toBe(401);

    const listed = await stack.admin.json('GET', '/api/admin/overlays');
    expect(listed.body.data).toEqual(
      OVERLAY_KINDS.map((kind) => ({
        kind,
        active: false,
        issued_at: null,
        revoked_at: null,
        url_kept: false,
        settings: DEFAULT_OVERLAY_SETTINGS[kind],
      })),
    );
    const issued = await issue('hunt');
    expect(issued.url).toMatch(/^https?:\/\/[^/]+\/overlay\/hunt\?token=/);
    expect(issued.url.endsWith(`token=${issued.token}`)).toBe(true);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await stack.em.fork().execute<{ token_hash: string }[]>(`select token_hash from overlay_tokens where kind = 'hunt'`);
    expect(row!.token_hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    // The token in the clear is nowhere (its kept copy is sealed).
    const dump = JSON.stringify(await stack.em.fork().execute('select * from overlay_tokens'));
    expect(dump).not.toContain(issued.token);
    expect((await stack.admin.json('GET', '/api/admin/overlays')).body.data[0]).toMatchObject({ kind: 'hunt', active: true });
    expect((await stack.admin.json('POST', '/api/admin/overlays/nope/token')).status).toBe(404);
    expect((await stack.admin.json('DELETE', '/api/admin/overlays/raffle/token')).status).toBe(404);
    const audit = await stack.em.fork().execute<{ action: string }[]>(`select action from audit_logs where entity = 'overlay' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['overlay.token.issue']);
  });

  it('serves the page with its token only: framable, no cookie, no user or CSRF token; a wrong token gets nothing', async () => {
    const { token } = await issue('leaderboard');
    const res = await fetch(`${stack.api.url}/overlay/leaderboard?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).not.toContain('frame-ancestors');
    expect(csp).toContain("script-src 'self' 'nonce-");
    const data = injectedPageData<OverlayPageData>(await res.text());
    expect(data).toEqual({
      overlay: {
        kind: 'leaderboard',
        token,
        data: { kind: 'leaderboard', leaderboard: expect.anything(), platform: null, race: null },
        look: { settings: DEFAULT_OVERLAY_SETTINGS.leaderboard, colours: expect.objectContaining({ primary_color: expect.any(String) }) },
      },
    });
    expect(JSON.stringify(data)).not.toMatch(/csrf|"user"/i);

    for (const path of [
      `/overlay/leaderboard?token=${token.slice(0, -1)}x`,
      '/overlay/leaderboard',
      `/overlay/hunt?token=${token}`,
      `/overlay/leaderboard?token[]=${token}`,
      `/overlay/nope?token=${token}`,
    ]) {
      const wrong = await fetch(`${stack.api.url}${path}`);
      expect(wrong.status).toBe(404);
      const html = await wrong.text();
      expect(html).not.toContain('<script');
      expect(html).not.toContain('__APP__');
    }
    // Every other page still refuses to be framed.
    expect((await fetch(`${stack.api.url}/winners`)).headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const fresh = await fetch(`${stack.api.url}/overlay/leaderboard/data?token=${token}`);
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { data: { kind: string } }).data.kind).toBe('leaderboard');
    const refused = await fetch(`${stack.api.url}/overlay/leaderboard/data?token=wrong`);
    expect([refused.status, ((await refused.json()) as { success: boolean }).success]).toEqual([404, false]);
  });

  it('the token grants no API access', async () => {
    const { token } = await issue('alerts');
    const attempts: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { 'x-overlay-token': token }];
    for (const headers of attempts) {
      expect((await fetch(`${stack.api.url}/api/admin/overlays?token=${token}`, { headers })).status).toBe(401);
      expect((await fetch(`${stack.api.url}/api/r/session`, { headers })).ok).toBe(true);
    }
    // In the query it is a parameter no API route declares: refused, so it reaches nothing.
    const withQuery = await fetch(`${stack.api.url}/api/r/session?token=${token}`);
    expect(withQuery.status).toBe(422);
    expect(((await withQuery.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('token');
  });

  it("a token-authenticated socket joins only its kind's rooms; a wrong token joins nothing", async () => {
    const { token } = await issue('raffle');
    const good = await overlaySocket({ overlay: 'raffle', token });
    expect(await tryJoin(good, 'raffle:5')).toBe('joined');
    expect(await tryJoin(good, 'leaderboard')).toBe('This overlay cannot join that room.');
    expect(await tryJoin(good, 'admin')).toBe('Unknown room.');

    for (const auth of [
      { overlay: 'raffle', token: `${token.slice(0, -1)}x` },
      { overlay: 'hunt', token },
      { overlay: 'raffle' },
      { overlay: 'raffle', token: { $ne: '' } },
      { overlay: ['raffle'], token },
    ]) {
      const bad = await overlaySocket(auth);
      expect(await tryJoin(bad, 'raffle:5')).toBe('Overlay token refused.');
      expect(await tryJoin(bad, 'winners')).toBe('Overlay token refused.');
    }
  });

  it('rotating or revoking disconnects the overlays of that kind and their old token opens nothing', async () => {
    const first = await issue('tournament');
    const socket = await overlaySocket({ overlay: 'tournament', token: first.token });
    expect(await tryJoin(socket, 'tournament:1')).toBe('joined');
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const second = await issue('tournament');
    expect(await dropped).toBe('io server disconnect');
    expect((await fetch(`${stack.api.url}/overlay/tournament?token=${first.token}`)).status).toBe(404);
    const stale = await overlaySocket({ overlay: 'tournament', token: first.token });
    expect(await tryJoin(stale, 'tournament:1')).toBe('Overlay token refused.');
    const current = await overlaySocket({ overlay: 'tournament', token: second.token });
    expect(await tryJoin(current, 'tournament:1')).toBe('joined');

    const gone = new Promise<string>((resolve) => current.once('disconnect', resolve));
    expect((await stack.admin.json('DELETE', '/api/admin/overlays/tournament/token')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await fetch(`${stack.api.url}/overlay/tournament?token=${second.token}`)).status).toBe(404);
    expect((await stack.admin.json('GET', '/api/admin/overlays')).body.data[2]).toMatchObject({
      kind: 'tournament',
      active: false,
      revoked_at: expect.any(String),
    });
  });

  it('parallel rotations leave exactly one working token', async () => {
    const issued = await Promise.all([1, 2, 3, 4, 5].map(() => issue('hunt')));
    const statuses = await Promise.all(
      issued.map(({ token }) => fetch(`${stack.api.url}/overlay/hunt/data?token=${token}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(4);
  });
});
