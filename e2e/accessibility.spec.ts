import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { withSession } from './support/session';
import {
  ADMIN_PAGES,
  forEachTab,
  inGroups,
  MEMBER_PAGES,
  memberDetailPages,
  openLoaded,
  TABBED_PAGES,
  VISITOR_PAGES,
  walkPages,
} from './support/site-pages';

/** axe's findings of moderate impact and above on the page as it is now, as "where rule: first offending element". */
async function findings(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

async function violations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  await walkPages(page, paths, async (path) => {
    found.push(...(await findings(page, path)));
  });
  return found;
}

// Every test here only reads, so they spread over all the workers: in one worker this file was the run's long pole
// (nine minutes of the browser step's twelve on CI).
test.describe.configure({ mode: 'parallel' });

// A few pages per test: a walk over every page inside one test outgrew its timeout on a slow host.
test.describe('axe for a visitor', () => {
  for (const group of inGroups(VISITOR_PAGES, 4)) {
    test(`${group.join(' ')} pass axe`, async ({ page }) => {
      expect(await violations(page, group)).toEqual([]);
    });
  }
});

test.describe('axe for a member', () => {
  for (const group of inGroups(MEMBER_PAGES, 4)) {
    test(`${group.join(' ')} pass axe`, async ({ page }) => {
      await withSession(page, 'LuckyLuke');
      expect(await violations(page, group)).toEqual([]);
    });
  }

  test('the first raffle, tournament and own ticket pass axe', async ({ page }) => {
    await withSession(page, 'LuckyLuke');
    expect(await violations(page, await memberDetailPages(page))).toEqual([]);
  });
});

test.describe('axe for the admin', () => {
  for (const group of inGroups(ADMIN_PAGES, 4)) {
    test(`${group.join(' ')} pass axe`, async ({ page }) => {
      await withSession(page, 'StreamBoss');
      expect(await violations(page, group)).toEqual([]);
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
