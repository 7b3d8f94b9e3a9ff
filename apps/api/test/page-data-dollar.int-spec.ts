import { OVERLAY_KINDS, type IssuedOverlayToken } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';
import { frontendDist, injectedPageData } from './support/served-pages';

/** Each of String.prototype.replace's replacement patterns, as they could arrive in a casino's player name. */
const DOLLARS = ["High$'Roller", 'Low$`Roller', '$$$ giveaway', 'Echo$&Echo'];

/**
 * Text from outside (a casino's player names) and from admins goes into the pages' data script as it is: a `$` in it
 * is never read as a replacement pattern that splices the page template into the data.
 */
describe('page data with "$" in third-party text (real PostgreSQL + Redis)', () => {
  let dist: string;
  beforeAll(async () => {
    // Text after the marker, with quotes, is what a `$'` would splice into the JSON.
    const page = (root: string) =>
      `<!doctype html><html><head><!--app-data--><script type="module" src="/assets/app.js"></script></head><body><div id="${root}"></div></body></html>`;
    dist = frontendDist({ 'index.html': page('root'), 'overlay.html': page('overlay') });
  });
  const stack = integrationStack({ admin: true, env: () => ({ FRONTEND_DIST: dist }) });

  it('site pages and every overlay page carry site settings, prize lines and player names exactly', async () => {
    const [name, description, label, crypto] = DOLLARS;
    const settings = await stack.admin.json('PUT', '/api/admin/settings', {
      site_name: name,
      site_description: DOLLARS.join(' '),
      powered_by: { label, url: 'https://streamer.example' },
      casino: { crypto1_label: crypto, crypto2_label: description, crypto3_label: name },
    });
    expect(settings.status).toBe(200);

    const platform = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Dollar board',
      slug: 'dollar-board',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
      mask_usernames: false,
    });
    expect(platform.status).toBe(201);
    const csv = `username,wagered\n${DOLLARS.map((player, i) => `${player},${1000 - i}`).join('\n')}\n`;
    const imported = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.body.data.id}/import`, { csv });
    expect(imported.status).toBe(201);

    const now = Date.now();
    const raffle = await stack.admin.json('POST', '/api/admin/raffles', {
      title: DOLLARS.join(' '),
      prize_description: `100$\` cash, ${DOLLARS.join(', ')}`,
      start_datetime: new Date(now - 60_000).toISOString(),
      end_datetime: new Date(now + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    expect(raffle.status).toBe(201);

    const players = (board: any) =>
      [...board.top_three, ...board.rest_of_users].map((p: { username?: string; displayName?: string }) => p.username ?? p.displayName);

    for (const path of ['/', '/store', '/raffles']) {
      const html = await (await stack.api.client().get(path)).text();
      const data = injectedPageData<any>(html);
      expect([path, data.settings.site_name, data.settings.site_description]).toEqual([path, name, DOLLARS.join(' ')]);
      expect(data.settings.powered_by.label).toBe(label);
      expect(data.settings.casino).toEqual({ crypto1_label: crypto, crypto2_label: description, crypto3_label: name });
      expect(players(data.leaderboard.all_leaderboards['dollar-board'])).toEqual(DOLLARS);
      // The template around the data is intact: one marker's worth of data, the module script after it.
      expect(html.split('<script type="module"')).toHaveLength(2);
      expect(html.endsWith('<div id="root"></div></body></html>')).toBe(true);
    }

    for (const kind of OVERLAY_KINDS) {
      const { token } = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', `/api/admin/overlays/${kind}/token`)).body.data;
      const html = await (await fetch(`${stack.api.url}/overlay/${kind}?token=${token}`)).text();
      const { overlay } = injectedPageData<any>(html);
      expect([kind, overlay.kind]).toEqual([kind, kind]);
      expect(html.endsWith('<div id="overlay"></div></body></html>')).toBe(true);
      if (kind === 'raffle') {
        expect(overlay.data.raffle).toMatchObject({ title: DOLLARS.join(' '), prize_description: `100$\` cash, ${DOLLARS.join(', ')}` });
      }
      if (kind === 'leaderboard') expect(players(overlay.data.leaderboard.all_leaderboards['dollar-board'])).toEqual(DOLLARS);
    }
  });
});
