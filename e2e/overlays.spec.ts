import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  DEFAULT_OVERLAY_SETTINGS,
  type CurrentHuntData,
  type IssuedOverlayToken,
  type OverlayKind,
  type TournamentDetail,
  type TournamentListItem,
} from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { clipboardText } from './support/browser-globals';
import { signedIn, signedInApi } from './support/signed-in';
import { ensureViewerHunt } from './support/viewer-hunt';

const STAGE = { width: 1920, height: 1080 };

/** '#ffcc00' → 'rgb(255, 204, 0)', as computed styles report colours. */
function hexToRgb(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The admin's API (session and CSRF token), and overlay tokens issued through it. */
async function adminApi(browser: Browser) {
  const { context, call } = await signedInApi(browser, 'StreamBoss');
  return { context, call, issue: (kind: OverlayKind) => call<IssuedOverlayToken>('post', `/api/admin/overlays/${kind}/token`) };
}

/**
 * The board the leaderboard overlay shows (the site's selected platform) with twelve players, so its top 10 is full
 * whatever an earlier browser test imported into it.
 */
async function fillSelectedBoard(admin: Awaited<ReturnType<typeof adminApi>>): Promise<void> {
  const board = await admin.call<{ selected_platform: string }>('get', '/api/r/leaderboard');
  const platforms = await admin.call<{ id: number; slug: string }[]>('get', '/api/admin/leaderboard/platforms');
  const platform = platforms.find((p) => p.slug === board.selected_platform)!;
  const rows = Array.from({ length: 12 }, (_, i) => `overlayPlayer${i + 1},${(12 - i) * 1000}`);
  await admin.call('post', `/api/admin/leaderboard/platforms/${platform.id}/import`, { csv: ['username,wagered', ...rows].join('\n') });
}

/** The overlay as OBS opens it: a fresh browser with no cookies, 1920×1080. */
async function openOverlay(browser: Browser, url: string, before?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: STAGE });
  await before?.(context);
  const page = await context.newPage();
  await page.goto(new URL(url).pathname + new URL(url).search);
  return page;
}

/**
 * Screenshot over no background: the four corners (outside every widget) are fully transparent, and the middle
 * of the widget is painted. The widget must hold still while the shot is taken (a later alert can push it down),
 * so the shot is taken again until its box is the same before and after. Attached to the report for a look.
 */
async function expectTransparentAround(page: Page, widget: Locator | null, name: string): Promise<void> {
  let box = widget ? await widget.boundingBox() : null;
  let shot = await page.screenshot({ omitBackground: true });
  for (let attempt = 0; widget && attempt < 10; attempt++) {
    const after = await widget.boundingBox();
    if (JSON.stringify(after) === JSON.stringify(box)) break;
    box = after;
    shot = await page.screenshot({ omitBackground: true });
  }
  await test.info().attach(`${name}.png`, { body: shot, contentType: 'image/png' });
  const png = PNG.sync.read(shot);
  expect([png.width, png.height]).toEqual([STAGE.width, STAGE.height]);
  const alpha = (x: number, y: number) => png.data[(png.width * y + x) * 4 + 3]!;
  const corners = [
    [0, 0],
    [png.width - 1, 0],
    [0, png.height - 1],
    [png.width - 1, png.height - 1],
    [Math.floor(png.width / 2), Math.floor(png.height / 2) - 300],
  ] as const;
  expect(corners.map(([x, y]) => alpha(x, y))).toEqual([0, 0, 0, 0, 0].slice(0, corners.length));
  if (!box) return;
  expect(alpha(Math.floor(box.x + box.width / 2), Math.floor(box.y + box.height / 2))).toBeGreaterThan(150);
}

test.describe('OBS overlays', () => {
  test('the hunt board shows a win the moment the admin enters it on the Go live screen, highlighted', async ({ browser }) => {
    await ensureViewerHunt(browser);
    const admin = await adminApi(browser);
    const { url } = await admin.issue('hunt');
    const overlay = await openOverlay(browser, url);
    const board = overlay.getByTestId('hunt-overlay');
    await expect(board).toBeVisible();
    expect(await overlay.context().cookies()).toEqual([]);

    const current = await admin.call<CurrentHuntData>('get', '/api/r/bonus-hunts/current');
    const game = current.games.find((g) => !g.opened)!;
    await expect(board.locator(`[data-game="${game.id}"]`)).toBeVisible();
    // The admin enters the win on the Go live screen.
    const adminPage = await admin.context.newPage();
    await adminPage.goto('/admin-new/go-live');
    const win = adminPage.getByRole('textbox', { name: `Win for ${game.slot_name}` });
    await win.fill('321.09');
    await win.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    const row = board.locator(`[data-game="${game.id}"]`);
    await expect(row).toContainText('$321.09');
    await expect(row).toHaveClass(/is-latest/);
    await expect(board.getByTestId('hunt-break-even')).toHaveText(/\d\.\d{2}x$/);
    await expectTransparentAround(overlay, overlay.getByTestId('hunt-overlay'), 'hunt-overlay');
  });

  test('the raffle overlay ticks the entries, then reveals the winner with a QR code of the verify page', async ({ browser }) => {
    const admin = await adminApi(browser);
    const title = `Overlay raffle ${Date.now()}`;
    const raffle = await admin.call<{ id: number }>('post', '/api/admin/raffles', {
      title,
      description: 'Drawn on stream',
      prize_description: 'Headset',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 120_000).toISOString(),
      number_of_winners: 1,
    });
    const { url } = await admin.issue('raffle');
    const overlay = await openOverlay(browser, url);
    const panel = overlay.getByTestId('raffle-overlay');
    await expect(panel).toContainText(title);
    await expect(overlay.getByTestId('raffle-count')).toHaveText('0');

    await admin.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
    await expect(overlay.getByTestId('raffle-count')).toHaveText('1');
    await expect(overlay.getByTestId('raffle-entrants').getByRole('listitem')).toHaveCount(1);
    await expectTransparentAround(overlay, overlay.getByTestId('raffle-overlay'), 'raffle-overlay-entries');

    await admin.call('post', `/api/admin/raffles/${raffle.id}/draw`);
    const winners = overlay.getByTestId('raffle-winners').getByRole('listitem');
    await expect(winners).toHaveCount(1);
    // The reveal has played out before the screenshot.
    await expect(winners.first()).toHaveCSS('opacity', '1');
    await expect(overlay.getByTestId('raffle-verify').getByRole('img', { name: /verifies this draw/ })).toBeVisible();
    await expectTransparentAround(overlay, overlay.getByTestId('raffle-overlay'), 'raffle-overlay-winners');
  });

  test('the bracket lights up a match winner as the admin sets it', async ({ browser }) => {
    const admin = await adminApi(browser);
    const { url } = await admin.issue('tournament');
    const overlay = await openOverlay(browser, url);
    const bracket = overlay.getByTestId('tournament-overlay');
    await expect(bracket).toBeVisible();
    const active = (await admin.call<TournamentListItem[]>('get', '/api/r/tournaments'))
      .filter((t) => t.is_active)
      .sort((a, b) => b.id - a.id)[0]!;
    const detail = (await admin.call<{ tournament: TournamentDetail }>('get', `/api/r/tournaments/${active.id}`)).tournament;
    const open = detail.matches.find((m) => m.round === 1 && !m.winner_name && m.slot1_name && m.slot2_name)!;
    // The slot the multipliers favour (the other would need an explicit override).
    const winner = (open.slot2_multiplier ?? 0) >= (open.slot1_multiplier ?? 0) ? open.slot2_name! : open.slot1_name!;
    await admin.call('post', `/api/admin/tournaments/${active.id}/matches/${open.id}/winner`, { winner_name: winner });
    await expect(bracket.locator(`[data-match="${open.id}"] .is-winner`)).toHaveText(new RegExp(`^${winner}`));
    await expectTransparentAround(overlay, overlay.getByTestId('tournament-overlay'), 'tournament-overlay');
  });

  test('the leaderboard overlay shows the top 10 with a running countdown', async ({ browser }) => {
    const admin = await adminApi(browser);
    await fillSelectedBoard(admin);
    const { url } = await admin.issue('leaderboard');
    // The overlay's clock stands still from before the load and moves only when the test says so.
    const now = Date.now();
    const overlay = await openOverlay(browser, url, async (context) => {
      await context.clock.install({ time: now });
      await context.clock.pauseAt(now + 300_000);
    });
    await expect(overlay.getByTestId('leaderboard-rows').getByRole('listitem')).toHaveCount(10);
    const clock = overlay.getByTestId('leaderboard-countdown');
    await expect(clock).toHaveText(/\d{2}:\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await overlay.clock.runFor(1000);
    await expect(clock).not.toHaveText(first!);
    await expectTransparentAround(overlay, overlay.getByTestId('leaderboard-overlay'), 'leaderboard-overlay');
  });

  test('the admin puts another board on stream on Go live and the open leaderboard overlay switches to it', async ({ browser }) => {
    const admin = await adminApi(browser);
    const platforms = await admin.call<{ id: number; name: string; is_active: boolean }[]>('get', '/api/admin/leaderboard/platforms');
    const { leaderboard: shownId } = await admin.call<{ leaderboard: number }>('get', '/api/admin/featured');
    const shown = platforms.find((p) => p.id === shownId)!;
    const other = platforms.find((p) => p.is_active && p.id !== shownId)!;
    const { url } = await admin.issue('leaderboard');
    const overlay = await openOverlay(browser, url);
    const title = overlay.getByTestId('leaderboard-overlay').locator('.ov-title');
    await expect(title).toContainText(`${shown.name} Leaderboard`);

    const { page, context } = await signedIn(browser, 'StreamBoss');
    await page.goto('/admin-new/go-live');
    const panel = page.getByRole('region', { name: 'Leaderboard on stream' });
    await expect(panel.getByTestId('go-live-leaderboard-name')).toHaveText(shown.name);
    await panel.getByRole('button', { name: `Show ${other.name} on stream` }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`${other.name} is on stream now`)).toBeVisible();
    await expect(panel.getByTestId('go-live-leaderboard-name')).toHaveText(other.name);
    // The open overlay follows without a reload.
    await expect(title).toContainText(`${other.name} Leaderboard`);

    await admin.call('put', '/api/admin/featured/leaderboard', { id: shown.id });
    await expect(title).toContainText(`${shown.name} Leaderboard`);
    await overlay.context().close();
    await context.close();
    await admin.context.close();
  });

  test('the alerts ticker shows a store redemption', async ({ browser }) => {
    const admin = await adminApi(browser);
    const { url } = await admin.issue('alerts');
    const overlay = await openOverlay(browser, url);
    await expectTransparentAround(overlay, null, 'alerts-overlay-idle');
    const store = await admin.call<{ store_items: { id: number; name: string }[] }>('get', '/api/r/store');
    const shoutOut = store.store_items.find((i) => i.name === 'Stream Shout-out')!;
    await admin.call('post', `/api/r/store/${shoutOut.id}/redeem`);
    // The same redemption may also unlock an achievement, whose alert can arrive first.
    const alert = overlay.getByTestId('alerts-overlay').getByRole('listitem').filter({ hasText: 'redeemed Stream Shout-out' });
    await expect(alert).toHaveCount(1);
    await expect(alert).toHaveCSS('opacity', '1');
    // The alert itself: with an achievement alert beside it, the list's middle falls in the gap between the two.
    await expectTransparentAround(overlay, alert, 'alerts-overlay');
  });

  test('the admin issues an overlay URL in the Overlays section, copies it and sees the live preview', async ({ browser }) => {
    await fillSelectedBoard(await adminApi(browser));
    const { page, context } = await signedIn(browser, 'StreamBoss');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin-new/overlays');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Leaderboard' }) });
    // Another test may have issued this URL already: then it is rotated, after a confirmation.
    const issue = card.getByRole('button', { name: /^(Generate URL|Rotate URL)$/ });
    const rotating = (await issue.textContent()) === 'Rotate URL';
    await issue.click();
    if (rotating) await page.getByRole('dialog', { name: 'Rotate overlay URL' }).getByRole('button', { name: 'Rotate' }).click();
    const field = card.getByLabel('Browser source URL (admins only: anyone with it sees this overlay)');
    await expect(field).toHaveValue(/\/overlay\/leaderboard\?token=[A-Za-z0-9_-]{43}$/);
    await card.getByRole('button', { name: /Copy URL/ }).click();
    expect(await clipboardText(page)).toBe(await field.inputValue());
    const preview = page.frameLocator('iframe[title="Leaderboard preview"]');
    await expect(preview.getByTestId('leaderboard-rows').getByRole('listitem')).toHaveCount(10);
  });

  test("the admin copies the raffle overlay's URL again without rotating it, and its settings apply to the open overlay at once", async ({
    browser,
  }) => {
    const admin = await adminApi(browser);
    const title = `Settings raffle ${Date.now()}`;
    const raffle = await admin.call<{ id: number }>('post', '/api/admin/raffles', {
      title,
      description: 'Laid out by the streamer',
      prize_description: 'Gaming chair',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    await admin.call('put', '/api/admin/featured/raffle', { id: raffle.id });
    const { url } = await admin.issue('raffle');
    const overlay = await openOverlay(browser, url);
    const panel = overlay.getByTestId('raffle-overlay');
    await expect(panel).toContainText(title);
    await expect(overlay.getByTestId('raffle-prize')).toHaveText('Gaming chair');
    await expect(overlay.getByTestId('raffle-how-to-enter')).toHaveText(new RegExp(`^Enter at .*/raffles/${raffle.id}$`));
    const before = (await panel.boundingBox())!;
    expect([Math.round(before.x), Math.round(before.y)]).toEqual([60, 520]);
    await admin.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
    await expect(overlay.getByTestId('raffle-entrants').getByRole('listitem')).toHaveCount(1);

    const { page, context } = await signedIn(browser, 'StreamBoss');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin-new/overlays');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Raffle', exact: true }) });
    // The URL already in OBS, shown again: the same one, and the overlay stays on.
    await card.getByRole('button', { name: 'Show URL' }).click();
    const field = card.getByLabel('Browser source URL (admins only: anyone with it sees this overlay)');
    await expect(field).toHaveValue(url);
    await card.getByRole('button', { name: /Copy URL/ }).click();
    expect(await clipboardText(page)).toBe(url);

    await card.getByText('Position, size, colours and fields').click();
    const form = card.getByRole('form', { name: 'Raffle settings' });
    await form.getByLabel('Left edge (px)').fill('1200');
    await form.getByLabel('Top edge (px)').fill('100');
    await form.getByLabel('Width (px)').fill('600');
    await form.getByLabel('Highlight colour').selectOption('accent_color');
    await form.getByLabel('Latest entrants').uncheck();
    await form.getByLabel('Prize line').fill('A gaming chair worth $300');
    await form.getByLabel('How to enter').fill('Type !join in chat');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Raffle: settings saved; open overlays show them now'),
    ).toBeVisible();

    // The open overlay follows without a reload: new place, lines and colour, the entrants hidden.
    await expect(overlay.getByTestId('raffle-how-to-enter')).toHaveText('Type !join in chat');
    await expect(overlay.getByTestId('raffle-prize')).toHaveText('A gaming chair worth $300');
    await expect(overlay.getByTestId('raffle-entrants')).toBeHidden();
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(1200);
    expect(Math.round((await panel.boundingBox())!.y)).toBe(100);
    const { theme } = await admin.call<{ theme: { accent_color: string } }>('get', '/api/r/settings');
    await expect(overlay.getByTestId('raffle-count')).toHaveCSS('color', hexToRgb(theme.accent_color));
    // The overlay names the theme's accent, so a new accent saved in Site Settings reaches it too, without a reload.
    const newAccent = theme.accent_color.toLowerCase() === '#12ab34' ? '#ab3412' : '#12ab34';
    await admin.call('put', '/api/admin/settings', { theme: { ...theme, accent_color: newAccent } });
    try {
      await expect(overlay.getByTestId('raffle-count')).toHaveCSS('color', hexToRgb(newAccent));
    } finally {
      await admin.call('put', '/api/admin/settings', { theme });
    }
    await expect(overlay.getByTestId('raffle-count')).toHaveCSS('color', hexToRgb(theme.accent_color));
    // Still the same URL and the same page: nothing was rotated.
    await expect(field).toHaveValue(url);
    expect(overlay.url()).toContain(new URL(url).search);

    // Back to where the raffle overlay has always been, for the tests after this one.
    await admin.call('put', '/api/admin/overlays/raffle/settings', DEFAULT_OVERLAY_SETTINGS.raffle);
    await expect(overlay.getByTestId('raffle-entrants')).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(60);
    await overlay.context().close();
    await context.close();
    await admin.context.close();
  });

  test('a wrong token shows nothing and opens no room', async ({ browser }) => {
    const context = await browser.newContext({ viewport: STAGE });
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (req) => {
      if (req.url().includes('/socket.io')) sockets.push(req.url());
    });
    const res = await page.goto('/overlay/hunt?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res!.status()).toBe(404);
    await expect(page.locator('body')).toHaveText('');
    await expectTransparentAround(page, null, 'wrong-token');
    // Give a script every chance to have connected: there is none, so nothing does.
    await page.waitForLoadState('networkidle');
    expect(sockets).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });
});
