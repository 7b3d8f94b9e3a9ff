import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { withSession } from './support/session';
import { ADMIN_PAGES, forEachTab, MEMBER_PAGES, memberDetailPages, openLoaded, TABBED_PAGES, VISITOR_PAGES } from './support/site-pages';

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

// One test per page: a walk over every page inside one test outgrew its timeout on a slow host.
test.describe('axe for a visitor', () => {
  for (const path of VISITOR_PAGES) {
    test(`${path} passes axe`, async ({ page }) => {
      expect(await violations(page, [path])).toEqual([]);
    });
  }
});

test.describe('axe for a member', () => {
  for (const path of MEMBER_PAGES) {
    test(`${path} passes axe`, async ({ page }) => {
      await withSession(page, 'LuckyLuke');
      expect(await violations(page, [path])).toEqual([]);
    });
  }

  test('the first raffle, tournament and own ticket pass axe', async ({ page }) => {
    await withSession(page, 'LuckyLuke');
    expect(await violations(page, await memberDetailPages(page))).toEqual([]);
  });
});

test.describe('axe for the admin', () => {
  for (const path of ADMIN_PAGES) {
    test(`${path} passes axe`, async ({ page }) => {
      await withSession(page, 'StreamBoss');
      expect(await violations(page, [path])).toEqual([]);
    });
  }
});

test.describe('axe on every tab', () => {
  for (const tabbed of TABBED_PAGES) {
    test(`every tab of ${tabbed.name} passes axe once shown`, async ({ page }) => {
      await withSession(page, 'LuckyLuke');
      const path = await tabbed.path(page);
      await openLoaded(page, path);
      const found: string[] = [];
      await forEachTab(page, async (tab) => {
        found.push(...(await findings(page, `${path} tab ${tab}`)));
      });
      expect(found).toEqual([]);
    });
  }
});
