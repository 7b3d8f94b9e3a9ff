import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { answerAgeGate, answerCookieBanner, expect, test } from './support/fixtures';
import { RequestRecorder } from './support/request-recorder';
import { signedIn } from './support/signed-in';
import { ensureOpeningHunt } from './support/viewer-hunt';

/**
 * What the raffle, bonus hunt, store and tournament pages ask of the server on first load and after their one action,
 * compared with bench/fixtures/page-patterns.json, which the benchmarks replay per simulated member and viewer. A page whose
 * pattern changed fails here until the fixture is regenerated (and the benchmarks then replay the new pattern):
 *   UPDATE_PAGE_PATTERNS=1 npm run e2e:page-patterns
 */
const FIXTURE = join(__dirname, '..', 'bench', 'fixtures', 'page-patterns.json');
const UPDATE = process.env.UPDATE_PAGE_PATTERNS === '1';

interface PagePattern {
  /** Who the recorded visitor is. */
  visitor: string;
  firstLoad: string[];
  action: { what: string; requests: string[] };
}

interface Fixture {
  regenerate: string;
  pages: Record<string, PagePattern>;
}

function readFixture(): Fixture {
  if (!existsSync(FIXTURE)) return { regenerate: 'UPDATE_PAGE_PATTERNS=1 npm run e2e:page-patterns', pages: {} };
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
}

async function check(name: string, recorded: PagePattern): Promise<void> {
  if (UPDATE) {
    const fixture = readFixture();
    fixture.pages[name] = recorded;
    fixture.pages = Object.fromEntries(Object.entries(fixture.pages).sort(([a], [b]) => a.localeCompare(b)));
    // Written as the repository formats JSON, so a regenerated fixture passes the format check as is.
    const options = { ...(await resolveConfig(FIXTURE)), filepath: FIXTURE };
    writeFileSync(FIXTURE, await format(JSON.stringify(fixture), options));
    return;
  }
  expect(
    recorded,
    `the ${name} page's request pattern changed: regenerate bench/fixtures/page-patterns.json with UPDATE_PAGE_PATTERNS=1 npm run e2e:page-patterns`,
  ).toEqual(readFixture().pages[name]);
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await answerAgeGate(context);
  await answerCookieBanner(context);
  return context.newPage();
}

/**
 * A new page in the signed-in member's context, the home page signedIn opened closed first: on a slow host that page's
 * own requests (the hero's figures) were still on their way when recording began, and were counted as the next page's.
 */
async function pageOfItsOwn(member: { context: BrowserContext; page: Page }): Promise<Page> {
  const page = await member.context.newPage();
  await member.page.close();
  return page;
}

test.describe('request patterns the benchmarks replay', () => {
  test('raffle page: first load and one free entry', async ({ browser, baseURL }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const session = (await (await admin.page.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
    const created = await admin.page.request.post('/api/admin/raffles', {
      headers: { 'x-csrf-token': session.data.csrfToken },
      data: {
        title: `Pattern raffle ${Date.now()}`,
        description: 'Request pattern recording',
        start_datetime: new Date(Date.now() - 60_000).toISOString(),
        end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
        number_of_winners: 1,
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    const member = await signedIn(browser, 'SpinQueen');
    const page = await pageOfItsOwn(member);
    const recorder = new RequestRecorder(page, baseURL!);
    await page.goto(`/raffles/${id}`);
    await expect(page.getByRole('button', { name: 'Enter for Free' })).toBeEnabled();
    const firstLoad = await recorder.take();

    await page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(page.getByRole('button', { name: 'Entered' })).toBeDisabled();
    const requests = await recorder.take();

    await check('raffle', { visitor: 'member', firstLoad, action: { what: 'free entry (Enter for Free)', requests } });
    for (const m of [admin, member]) await m.context.close();
  });

  test('bonus hunt page: first load of a viewer and what a win entered by the admin makes it do', async ({ browser, baseURL }) => {
    // Mid-hunt, as the benchmarks replay it: the recorded win is never the one that opens the hunt.
    await ensureOpeningHunt(browser);
    const viewer = await anonymousPage(browser);
    const recorder = new RequestRecorder(viewer, baseURL!);
    await viewer.goto('/bonus-hunts');
    const winnings = viewer.getByTestId('tile-winnings');
    await expect(winnings).toBeVisible();
    const before = await winnings.textContent();
    const firstLoad = await recorder.take();

    const admin = await signedIn(browser, 'StreamBoss');
    await admin.page.goto('/admin-new/bonus-hunts');
    const wins = admin.page.getByLabel(/^Win for /);
    await expect(wins.first()).toBeVisible();
    let opened = false;
    for (const input of await wins.all()) {
      if ((await input.inputValue()) !== '') continue;
      await input.fill('123');
      await input.press('Enter');
      opened = true;
      break;
    }
    expect(opened).toBe(true);
    // The viewer's page follows the win live (it is never reloaded).
    await expect.poll(() => winnings.textContent(), { timeout: 15_000 }).not.toBe(before);
    const requests = await recorder.take(2000);

    await check('bonus-hunts', {
      visitor: 'anonymous viewer',
      firstLoad,
      action: { what: 'admin enters one win (viewer side)', requests },
    });
    await viewer.context().close();
    await admin.context.close();
  });

  test('store page: first load and one redemption', async ({ browser, baseURL }) => {
    const member = await signedIn(browser, 'LuckyLuke');
    const page = await pageOfItsOwn(member);
    const recorder = new RequestRecorder(page, baseURL!);
    await page.goto('/store');
    const item = page.locator('.store-item', { hasText: 'Discord VIP Role' });
    await expect(item.getByRole('button', { name: 'Redeem' })).toBeEnabled();
    const firstLoad = await recorder.take();

    await item.getByRole('button', { name: 'Redeem' }).click();
    await page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm Purchase' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Item redeemed successfully!')).toBeVisible();
    const requests = await recorder.take();

    await check('store', { visitor: 'member', firstLoad, action: { what: 'redeem one item (Confirm Purchase)', requests } });
    await member.context.close();
  });

  test('tournament page: first load of a viewer and what a match winner set by the admin makes it do', async ({ browser, baseURL }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const session = (await (await admin.page.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
    const headers = { 'x-csrf-token': session.data.csrfToken };
    const created = await admin.page.request.post('/api/admin/tournaments', {
      headers,
      data: { name: `Pattern Cup ${Date.now()}`, size: 4, slots: ['North', 'East', 'South', 'West'].map((name) => ({ name })) },
    });
    expect(created.status()).toBe(201);
    const tournament = ((await created.json()) as { data: { id: number; matches: { id: number; round: number; slot1_name: string }[] } })
      .data;
    const first = tournament.matches.find((m) => m.round === 1)!;

    const viewer = await anonymousPage(browser);
    const recorder = new RequestRecorder(viewer, baseURL!);
    await viewer.goto(`/tournaments/${tournament.id}`);
    const match = viewer.getByTestId(`match-${first.id}`);
    await expect(match).toBeVisible();
    const firstLoad = await recorder.take();

    const decided = await admin.page.request.post(`/api/admin/tournaments/${tournament.id}/matches/${first.id}/winner`, {
      headers,
      data: { winner_name: first.slot1_name },
    });
    expect(decided.status()).toBe(201);
    // The viewer's bracket follows the winner live (it is never reloaded).
    await expect(match.locator('.bracket-slot--winner')).toHaveText(new RegExp(`^${first.slot1_name}`), { timeout: 15_000 });
    const requests = await recorder.take(2000);

    await check('tournaments', {
      visitor: 'anonymous viewer',
      firstLoad,
      action: { what: 'admin sets one match winner (viewer side)', requests },
    });
    await viewer.context().close();
    await admin.context.close();
  });
});
