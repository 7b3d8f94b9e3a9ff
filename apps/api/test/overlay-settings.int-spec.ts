import {
  DEFAULT_OVERLAY_SETTINGS,
  type AdminOverlayToken,
  type IssuedOverlayToken,
  type OverlayPageData,
  type OverlaySettings,
  type OverlaySettingsPush,
} from '@kickback/contracts';
import { OVERLAY_TOKEN_PURPOSE, SecretsCipher, rekeyOverlayTokens } from '@kickback/domain';
import { AppConfig } from '@kickback/platform';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';
import { builtPage, frontendDist, injectedPageData } from './support/served-pages';

/** Overlays streamers can use: settings applied live, and the current URL shown again to admins without rotating it. */
describe('overlay settings and kept URLs (real PostgreSQL + Redis)', () => {
  let member: TestClient;
  let dist: string;
  beforeAll(() => {
    dist = frontendDist({ 'index.html': builtPage('root'), 'overlay.html': builtPage('overlay') });
  });

  const stack = integrationStack({ admin: true, env: () => ({ FRONTEND_DIST: dist }) });

  beforeAll(async () => {
    member = await stack.api.signedIn();
  });

  const overlaySocket = (kind: string, token: string) => stack.socket(null, { overlay: kind, token });

  it('shows the live URL again, unchanged and still working, to admins only; a revoked or rotated URL is gone', async () => {
    expect((await stack.admin.json('GET', '/api/admin/overlays/raffle/url')).status).toBe(404);
    const issued = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/raffle/token')).body.data;
    const rows = (await stack.admin.json<{ data: AdminOverlayToken[] }>('GET', '/api/admin/overlays')).body.data;
    expect(rows.find((r) => r.kind === 'raffle')).toMatchObject({
      active: true,
      url_kept: true,
      settings: DEFAULT_OVERLAY_SETTINGS.raffle,
    });

    const again = await stack.admin.json<{ data: IssuedOverlayToken }>('GET', '/api/admin/overlays/raffle/url');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(issued);
    expect((await fetch(`${stack.api.url}/overlay/raffle?token=${issued.token}`)).status).toBe(200);
    expect((await member.json('GET', '/api/admin/overlays/raffle/url')).status).toBe(403);
    const [audit] = await stack.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from audit_logs where action = 'overlay.token.view'`);
    expect(Number(audit!.n)).toBe(1);

    // The kept copy is sealed: the database holds no token in the clear.
    const [row] = await stack.em
      .fork()
      .execute<{ token_sealed: string }[]>(`select token_sealed from overlay_tokens where kind = 'raffle'`);
    expect(row!.token_sealed).not.toContain(issued.token);

    const rotated = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/raffle/token')).body.data;
    expect((await stack.admin.json<{ data: IssuedOverlayToken }>('GET', '/api/admin/overlays/raffle/url')).body.data.token).toBe(
      rotated.token,
    );
    expect((await stack.admin.json('DELETE', '/api/admin/overlays/raffle/token')).status).toBe(200);
    const gone = await stack.admin.json('GET', '/api/admin/overlays/raffle/url');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/no URL that can be shown/);
  });

  it('saves settings (audited, bounded to the stage), starts overlay pages with them and pushes them to open overlays', async () => {
    const issued = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/hunt/token')).body.data;
    const socket = await overlaySocket('hunt', issued.token);
    const pushes: OverlaySettingsPush[] = [];
    socket.on('overlay:settings', (push: OverlaySettingsPush) => pushes.push(push));

    const settings: OverlaySettings = {
      ...DEFAULT_OVERLAY_SETTINGS.hunt,
      x: 40,
      y: 700,
      width: 900,
      scale: 1.2,
      accent: 'primary_color',
      panel: 'card_background',
      opacity: 0.6,
      hidden: ['stats'],
    };
    expect((await member.json('PUT', '/api/admin/overlays/hunt/settings', settings)).status).toBe(403);
    const saved = await stack.admin.json('PUT', '/api/admin/overlays/hunt/settings', settings);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Bonus Hunt board settings saved; open overlays show them now.');
    await waitFor(() => pushes[0], 10_000, 'overlay:settings push');
    const { theme } = (await stack.admin.json<{ data: { theme: Record<string, string> } }>('GET', '/api/r/settings')).body.data;
    expect(pushes[0]).toEqual({
      kind: 'hunt',
      look: { settings, colours: expect.objectContaining({ primary_color: theme.primary_color, card_background: theme.card_background }) },
    });

    const page = injectedPageData<OverlayPageData>(await (await fetch(`${stack.api.url}/overlay/hunt?token=${issued.token}`)).text());
    expect(page.overlay.look.settings).toEqual(settings);
    const rows = (await stack.admin.json<{ data: AdminOverlayToken[] }>('GET', '/api/admin/overlays')).body.data;
    expect(rows.find((r) => r.kind === 'hunt')!.settings).toEqual(settings);
    expect(rows.find((r) => r.kind === 'tournament')!.settings).toEqual(DEFAULT_OVERLAY_SETTINGS.tournament);
    const [audit] = await stack.em
      .fork()
      .execute<{ after: OverlaySettings }[]>(`select after from audit_logs where action = 'overlay.settings' and entity_id = 'hunt'`);
    expect(audit!.after).toEqual(settings);

    // Off the stage, unknown fields or colours, over-long lines: 422 with the field named, nothing saved or pushed.
    for (const [bad, field] of [
      [{ ...settings, x: 1500, width: 900 }, 'x'],
      [{ ...settings, y: 1050 }, 'y'],
      [{ ...settings, accent: '#ff0000' }, 'accent'],
      [{ ...settings, hidden: ['everything'] }, 'hidden.0'],
      [{ ...settings, how_to_enter: 'x'.repeat(161) }, 'how_to_enter'],
      [{ ...settings, extra: true }, ''],
    ] as const) {
      const refused = await stack.admin.json('PUT', '/api/admin/overlays/hunt/settings', bad);
      expect(refused.status).toBe(422);
      if (field) expect(Object.keys(refused.body.errors)).toContain(field);
    }
    expect(
      (await stack.admin.json<{ data: AdminOverlayToken[] }>('GET', '/api/admin/overlays')).body.data.find((r) => r.kind === 'hunt')!
        .settings,
    ).toEqual(settings);
    expect(pushes).toHaveLength(1);
  });

  it('pushes a new look to open overlays when the theme they take their colours from is saved', async () => {
    await stack.processes.worker();
    const issued = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/tournament/token')).body.data;
    const socket = await overlaySocket('tournament', issued.token);
    const pushes: OverlaySettingsPush[] = [];
    socket.on('overlay:settings', (push: OverlaySettingsPush) => pushes.push(push));
    const { theme } = (await stack.admin.json<{ data: { theme: Record<string, string> } }>('GET', '/api/r/settings')).body.data;

    expect((await stack.admin.json('PUT', '/api/admin/settings', { theme: { ...theme, accent_color: '#12ab34' } })).status).toBe(200);
    await waitFor(() => pushes[0], 10_000, 'overlay:settings push after the theme changed');
    expect(pushes[0]).toEqual({
      kind: 'tournament',
      look: { settings: DEFAULT_OVERLAY_SETTINGS.tournament, colours: expect.objectContaining({ accent_color: '#12ab34' }) },
    });

    // The worker can take the event before the api has bumped the settings answer's version: the push reads the theme
    // past the shared answer, and the version is bumped before open pages are told to refetch. A stale answer stored
    // under the current version stands for a read that raced the change.
    const version = (await stack.redis.get('cache:site:settings:version')) ?? '0';
    const fresh = (await stack.admin.json<{ data: { theme: Record<string, string> } }>('GET', '/api/r/settings')).body.data;
    const stale = { ...fresh, theme: { ...fresh.theme, accent_color: '#000001' } };
    await stack.redis.set('cache:site:settings', `${version}\nnull\n${JSON.stringify(stale)}`, 'PX', 60_000);
    const served = async () =>
      (await stack.admin.json<{ data: { theme: Record<string, string> } }>('GET', '/api/r/settings')).body.data.theme.accent_color;
    expect(await served()).toBe('#000001');
    await stack.em
      .fork()
      .execute(`insert into outbox_events (type, payload) values ('site.settings-updated', ?::jsonb)`, [
        JSON.stringify({ at: new Date().toISOString() }),
      ]);
    await waitFor(() => pushes[1], 10_000, 'the second overlay:settings push');
    expect(pushes[1]!.look.colours.accent_color).toBe('#12ab34');
    expect(await served()).toBe('#12ab34');
  });

  it('re-seals kept URLs with a new SECRETS_KEY (npm run secrets:rekey), the URL unchanged', async () => {
    const issued = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/alerts/token')).body.data;
    const currentKey = stack.api.app.get(AppConfig).env.SECRETS_KEY;
    const newKey = Buffer.alloc(32, 9).toString('base64');
    const sealed = async () =>
      (await stack.em.fork().execute<{ token_sealed: string }[]>(`select token_sealed from overlay_tokens where kind = 'alerts'`))[0]!
        .token_sealed;

    const first = await rekeyOverlayTokens(stack.em.fork(), newKey, currentKey);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(new SecretsCipher(newKey, undefined, OVERLAY_TOKEN_PURPOSE).open(await sealed())).toBe(issued.token);
    // Running it again finds nothing left to re-seal.
    expect((await rekeyOverlayTokens(stack.em.fork(), newKey, currentKey)).resealed).toBe(0);
  });
});
