import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { loginAs } from './support/session';
import { ADMIN_PAGES, MEMBER_PAGES, memberDetailPages, openLoaded } from './support/site-pages';

/** axe's findings of moderate impact and above on each page, as "path rule: first offending element". */
async function violations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openLoaded(page, path);
    const results = await new AxeBuilder({ page }).analyze();
    for (const v of results.violations)
      if (v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
        found.push(`${path} ${v.id}: ${v.nodes[0]?.target.join(' ')}`);
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
