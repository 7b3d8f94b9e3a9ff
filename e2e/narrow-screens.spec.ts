import type { Page } from '@playwright/test';
import { horizontalOverflow } from './support/browser-globals';
import { expect, test } from './support/fixtures';
import { loginAs } from './support/session';
import { ADMIN_PAGES, MEMBER_PAGES, memberDetailPages, openLoaded } from './support/site-pages';

const PHONE = { width: 390, height: 844 };
/** Half of a 1920 px screen: the admin panel beside the streaming software. */
const HALF_SCREEN = { width: 960, height: 1080 };

/** The pages that reach past the window's right edge, with by how many pixels. */
async function overflowing(page: Page, paths: string[]): Promise<[string, number][]> {
  const found: [string, number][] = [];
  for (const path of paths) {
    await openLoaded(page, path);
    const px = await horizontalOverflow(page);
    if (px > 0) found.push([path, px]);
  }
  return found;
}

/** Pages wider than the window scroll sideways as a whole: the header and text slide off with whatever sticks out. */
test.describe('phone screen', () => {
  test.use({ viewport: PHONE });

  test('no member page is wider than the phone, lists and details alike', async ({ page }) => {
    await loginAs(page, 'LuckyLuke');
    const details = await memberDetailPages(page);
    expect(await overflowing(page, [...MEMBER_PAGES, ...details])).toEqual([]);
  });

  test('no admin section is wider than the phone', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    expect(await overflowing(page, ADMIN_PAGES)).toEqual([]);
  });
});

test.describe('half a desktop screen', () => {
  test.use({ viewport: HALF_SCREEN });

  test('no admin section is wider than the window; wide tables scroll inside their card', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    expect(await overflowing(page, ADMIN_PAGES)).toEqual([]);
  });
});
