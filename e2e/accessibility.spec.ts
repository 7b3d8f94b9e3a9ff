import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { loginAs } from './support/session';
import { ADMIN_PAGES, forEachTab, MEMBER_PAGES, memberDetailPages, openLoaded, tabbedPages } from './support/site-pages';

/** axe's findings of moderate impact and above on the page as it is now, as "where rule: first offending element". */
async function findings(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

async function violations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openLoaded(page, path);
    found.push(...(await findings(page, path)));
  }
  return found;
}

test('every page an anonymous visitor opens passes axe', async ({ page }) => {
  expect(
    await violations(page, [
      '/',
      '/bonus-hunts',
      '/tournaments',
      '/raffles',
      '/leaderboard',
      '/store',
      '/contact',
      '/winners',
      '/terms',
      '/privacy',
    ]),
  ).toEqual([]);
});

test("every page of a member's, lists and details alike, passes axe", async ({ page }) => {
  await loginAs(page, 'LuckyLuke');
  const details = await memberDetailPages(page);
  expect(await violations(page, [...MEMBER_PAGES, ...details])).toEqual([]);
});

test('every admin section passes axe', async ({ page }) => {
  await loginAs(page, 'StreamBoss');
  expect(await violations(page, ADMIN_PAGES)).toEqual([]);
});

test('every tab of the pages with tabs passes axe once shown', async ({ page }) => {
  await loginAs(page, 'LuckyLuke');
  const found: string[] = [];
  for (const path of await tabbedPages(page)) {
    await openLoaded(page, path);
    await forEachTab(page, async (tab) => {
      found.push(...(await findings(page, `${path} tab ${tab}`)));
    });
  }
  expect(found).toEqual([]);
});
