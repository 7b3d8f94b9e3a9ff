import type { Page } from '@playwright/test';
import { horizontalOverflow } from './support/browser-globals';
import { expect, test } from './support/fixtures';
import { withSession } from './support/session';
import { cancelRaffle, createRaffle } from './support/raffles-admin';
import { ensureViewerHunt } from './support/viewer-hunt';
import {
  ADMIN_PAGES,
  forEachTab,
  inGroups,
  MEMBER_PAGES,
  memberDetailPages,
  openLoaded,
  TABBED_PAGES,
  walkPages,
} from './support/site-pages';

const PHONE = { width: 390, height: 844 };
/** Half of a 1920 px screen: the admin panel beside the streaming software. */
const HALF_SCREEN = { width: 960, height: 1080 };

/** The pages that reach past the window's right edge, with by how many pixels. */
async function overflowing(page: Page, paths: string[]): Promise<[string, number][]> {
  const found: [string, number][] = [];
  await walkPages(page, paths, async (path) => {
    const px = await horizontalOverflow(page);
    if (px > 0) found.push([path, px]);
  });
  return found;
}

/** Pages wider than the window scroll sideways as a whole: the header and text slide off with whatever sticks out. */
test.describe('phone screen', () => {
  test.use({ viewport: PHONE });

  for (const group of inGroups(MEMBER_PAGES)) {
    test(`no member page is wider than the phone: ${group.join(' ')}`, async ({ page }) => {
      await withSession(page, 'LuckyLuke');
      expect(await overflowing(page, group)).toEqual([]);
    });
  }

  test('no detail page (first raffle, tournament, own ticket) is wider than the phone', async ({ page }) => {
    await withSession(page, 'LuckyLuke');
    expect(await overflowing(page, await memberDetailPages(page))).toEqual([]);
  });

  for (const tabbed of TABBED_PAGES) {
    test(`no tab of ${tabbed.name} is wider than the phone`, async ({ page }) => {
      await withSession(page, 'LuckyLuke');
      const path = await tabbed.path(page);
      await openLoaded(page, path);
      const found: [string, number][] = [];
      await forEachTab(page, async (tab) => {
        const px = await horizontalOverflow(page);
        if (px > 0) found.push([`${path} ${tab}`, px]);
      });
      expect(found).toEqual([]);
    });
  }

  test("the hunt's predictions put the guess under the name, so neither covers the other", async ({ page, browser }) => {
    await ensureViewerHunt(browser);
    await withSession(page, 'LuckyLuke');
    await openLoaded(page, '/bonus-hunts');
    await page.getByRole('tab', { name: 'Predictions', exact: true }).click();
    const names = page.getByTestId('predictions-list').locator('.hunt-prediction__who');
    await expect(names.first()).toBeVisible();
    // Whatever a column cannot hold spills out over the next one: the member's name and the time of the guess.
    const spilling = await names.evaluateAll((columns: { scrollWidth: number; clientWidth: number; textContent: string | null }[]) =>
      columns.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
    );
    expect(spilling).toEqual([]);
  });

  test("points and level sit beside Menu, and a raffle's Enter card comes before its entry list", async ({ page }) => {
    await withSession(page, 'LuckyLuke');
    const [raffle] = await memberDetailPages(page);
    await openLoaded(page, raffle!);
    const chip = page.getByTestId('member-standing-chip');
    await expect(chip).toBeVisible();
    await expect(chip).toContainText(/pts\s*Lvl \d+/);
    const menu = page.getByRole('button', { name: 'Menu' });
    const [chipBox, menuBox] = [await chip.boundingBox(), await menu.boundingBox()];
    // One row: the chip ends where Menu begins, and neither is hidden behind the menu.
    expect(Math.abs(chipBox!.y + chipBox!.height / 2 - (menuBox!.y + menuBox!.height / 2))).toBeLessThan(4);
    expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(menuBox!.x);
    const enter = page.getByRole('region', { name: 'Enter Raffle' }).or(page.getByRole('region', { name: 'Enter raffle' }));
    const entries = page.getByRole('heading', { level: 2, name: /Entries/ }).first();
    expect((await enter.boundingBox())!.y).toBeLessThan((await entries.boundingBox())!.y);
  });

  test('a long title without spaces breaks inside its heading and card', async ({ page }) => {
    await withSession(page, 'StreamBoss');
    const title = `${'W'.repeat(60)}${Date.now()}`;
    const id = await createRaffle(page, title);
    expect(await overflowing(page, ['/raffles', `/raffles/${id}`])).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // On Go live it sits in the list of other open raffles (a newer one is on stream): it wraps there too.
    const newer = await createRaffle(page, 'Short title');
    expect(await overflowing(page, ['/admin-new/go-live'])).toEqual([]);
    await expect(page.getByRole('list', { name: 'Other open raffles' })).toContainText(title);
    await cancelRaffle(page, newer);
  });

  for (const group of inGroups(ADMIN_PAGES)) {
    test(`no admin section is wider than the phone: ${group.join(' ')}`, async ({ page }) => {
      await withSession(page, 'StreamBoss');
      expect(await overflowing(page, group)).toEqual([]);
    });
  }
});

test.describe('half a desktop screen', () => {
  test.use({ viewport: HALF_SCREEN });

  for (const group of inGroups(ADMIN_PAGES)) {
    test(`no admin section is wider than the window; wide tables scroll inside their card: ${group.join(' ')}`, async ({ page }) => {
      await withSession(page, 'StreamBoss');
      expect(await overflowing(page, group)).toEqual([]);
    });
  }
});
