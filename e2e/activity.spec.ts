import type { Page } from '@playwright/test';
import type { ActivityRules, LedgerEntry, PointsHistory } from '@kickback/contracts';
import { kickUser } from '../libs/testing/src/fakes/fake-kick-events';
import { emulateVisibility, injectedPageData, visibilityState } from './support/browser-globals';
import { fakeKick } from './support/fake-kick';
import { serveFakeKick } from './support/serve-fake-kick';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

const kick = fakeKick();
/** LuckyLuke's Kick user id in the demo seed. */
const LUKE_KICK_ID = 70_003;

/** The stream goes live (or offline) as Kick reports it: a signed livestream.status.updated. */
const streamStatus = (isLive: boolean, startedAt: number) =>
  kick.events.deliver('livestream.status.updated', {
    broadcaster: kickUser(70_001, 'streamboss'),
    is_live: isLive,
    title: 'Bonus hunt night',
    started_at: new Date(startedAt).toISOString(),
    ended_at: isLive ? null : new Date().toISOString(),
  });

/** The signed-in member's watch awards, from their own points ledger (GET /api/r/points/history), oldest first. */
const watchAwards = async (page: Page): Promise<LedgerEntry[]> => {
  const res = await page.request.get('/api/r/points/history');
  expect(res.status()).toBe(200);
  const history = ((await res.json()) as { data: PointsHistory }).data;
  return history.entries.filter((entry) => entry.reason === 'activity.watch').reverse();
};

const points = async (page: Page) =>
  Number(((await page.getByTestId('points-banner').locator('.store-banner__value').textContent()) ?? '').replace(/[^0-9]/g, ''));

test.describe('activity: Kick events on every open page', () => {
  serveFakeKick(kick);

  test('livestream.status.updated shows LIVE on open pages without reload; a chat message changes the points on the store page', async ({
    browser,
    page,
  }) => {
    const member = await signedIn(browser, 'LuckyLuke');
    await member.page.goto('/store');
    const before = await points(member.page);
    await page.goto('/');
    await expect(page.getByTestId('home-live-status')).toHaveText('Offline');
    await expect(page.getByTestId('live-badge')).toHaveCount(0);
    await expect(member.page.getByTestId('live-badge')).toHaveCount(0);

    const now = Date.now();
    const status = await kick.events.deliver('livestream.status.updated', {
      broadcaster: kickUser(70_001, 'streamboss'),
      is_live: true,
      title: 'Bonus hunt night',
      started_at: new Date(now - 1000).toISOString(),
      ended_at: null,
    });
    expect(status).toBe(200);
    await expect(page.getByTestId('live-badge')).toHaveText('LIVE');
    await expect(page.getByTestId('home-live-status')).toHaveText('LIVE');
    await expect(member.page.getByTestId('live-badge')).toHaveText('LIVE');

    // A page opened while live is right from its first render: the state comes in the page data, not a later request.
    const fresh = await page.context().newPage();
    const liveRequests: string[] = [];
    fresh.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/r/live') liveRequests.push(request.url());
    });
    await fresh.goto('/');
    expect((await injectedPageData(fresh)).live.is_live).toBe(true);
    await expect(fresh.getByTestId('live-badge')).toHaveText('LIVE');
    await expect(fresh.getByTestId('home-live-status')).toHaveText('LIVE');
    expect(liveRequests).toEqual([]);
    await fresh.close();

    const chat = await kick.events.deliver('chat.message.sent', {
      message_id: 'chat-1',
      sender: kickUser(LUKE_KICK_ID, 'luckyluke'),
      content: 'Lets go big win!',
      created_at: new Date().toISOString(),
    });
    expect(chat).toBe(200);
    await expect.poll(() => points(member.page), { timeout: 15_000 }).toBe(before + 5);

    // A forged delivery is refused and changes nothing on the page.
    expect(
      await kick.events.deliver('livestream.status.updated', { is_live: false, started_at: null, ended_at: null }, { forge: true }),
    ).toBe(401);
    await expect(page.getByTestId('live-badge')).toHaveText('LIVE');

    await kick.events.deliver('livestream.status.updated', {
      broadcaster: kickUser(70_001, 'streamboss'),
      is_live: false,
      title: 'Bonus hunt night',
      started_at: new Date(now - 1000).toISOString(),
      ended_at: new Date().toISOString(),
    });
    await expect(page.getByTestId('live-badge')).toHaveCount(0);
    await expect(page.getByTestId('home-live-status')).toHaveText('Offline');
    await member.context.close();
  });

  test('watching the player: two tabs of one member earn once per interval; a hidden tab earns nothing', async ({ browser }) => {
    // A few real watch intervals (short on the e2e server) plus three members' logins.
    test.setTimeout(150_000);
    const admin = await signedIn(browser, 'StreamBoss');
    const rules = ((await (await admin.page.request.get('/api/admin/activity/rules')).json()) as { data: ActivityRules }).data;
    // scripts/e2e-server.mjs shortens the interval (E2E_WATCH_INTERVAL_SECONDS) so a few intervals pass in seconds.
    expect(rules.watch_interval_seconds).toBeLessThanOrEqual(15);
    const intervalMs = rules.watch_interval_seconds * 1000;
    await admin.context.close();

    // One member with two tabs of the home page (the page with the Kick player) in one browser, both visible.
    const watcher = await signedIn(browser, 'HelpDeskHana');
    const tabs = [watcher.page, await watcher.context.newPage()];
    await tabs[1]!.goto('/');
    for (const tab of tabs) expect(await visibilityState(tab)).toBe('visible');
    // Another member whose only tab is in the background.
    const background = await signedIn(browser, 'NoKickNick');
    await emulateVisibility(background.page, 'hidden');
    const watcherBefore = (await watchAwards(watcher.page)).length;
    const backgroundBefore = (await watchAwards(background.page)).length;

    const liveFrom = Date.now();
    expect(await streamStatus(true, liveFrom - 1000)).toBe(200);
    for (const tab of [...tabs, background.page]) await expect(tab.getByTestId('home-live-status')).toHaveText('LIVE');

    // Three intervals paid to the member with two tabs: each pays the interval's points once, and no more often than
    // the time the stream has been live allows (two counted tabs would earn about twice as often).
    await expect
      .poll(async () => (await watchAwards(watcher.page)).length - watcherBefore, { timeout: 4 * intervalMs + 20_000 })
      .toBeGreaterThanOrEqual(3);
    const earned = (await watchAwards(watcher.page)).slice(watcherBefore);
    expect(earned.map((entry) => entry.delta)).toEqual(earned.map(() => rules.watch_points));
    expect(earned.length).toBeLessThanOrEqual(Math.floor((Date.now() - liveFrom) / intervalMs));
    // The hidden tab was open on the live stream all that time and earned nothing.
    expect((await watchAwards(background.page)).length).toBe(backgroundBefore);

    // The background tab comes to the front and starts earning; the member hides one tab and the other keeps earning.
    await emulateVisibility(tabs[0]!, 'hidden');
    const watcherSoFar = (await watchAwards(watcher.page)).length;
    const resumedFrom = Date.now();
    await emulateVisibility(background.page, 'visible');
    await expect
      .poll(async () => (await watchAwards(background.page)).length - backgroundBefore, { timeout: 2 * intervalMs + 20_000 })
      .toBe(1);
    await expect
      .poll(async () => (await watchAwards(watcher.page)).length, { timeout: 2 * intervalMs + 20_000 })
      .toBeGreaterThan(watcherSoFar);
    expect((await watchAwards(background.page)).length - backgroundBefore).toBeLessThanOrEqual(
      Math.floor((Date.now() - resumedFrom) / intervalMs),
    );

    expect(await streamStatus(false, liveFrom - 1000)).toBe(200);
    await watcher.context.close();
    await background.context.close();
  });
});
