import type { Page } from '@playwright/test';
import { horizontalOverflow } from './support/browser-globals';
import { expect, test, waitForShell } from './support/fixtures';
import { loginAs } from './support/session';

const PHONE = { width: 390, height: 844 };
/** Half of a 1920 px screen: the admin panel beside the streaming software. */
const HALF_SCREEN = { width: 960, height: 1080 };

const MEMBER_PAGES = [
  '/',
  '/bonus-hunts',
  '/tournaments',
  '/raffles',
  '/leaderboard',
  '/store',
  '/contact',
  '/winners',
  '/profile',
  '/settings',
  '/tickets',
  '/tickets/create',
  '/terms',
  '/privacy',
];

const ADMIN_SECTIONS = [
  'settings',
  'affiliates',
  'raffles',
  'leaderboard',
  'bonus-hunts',
  'tournaments',
  'store-items',
  'store-redemptions',
  'users',
  'activity',
  'contact-messages',
  'tickets',
  'ticket-categories',
  'audit-log',
  'queues',
  'overlays',
  'go-live',
  'achievements',
  'badges',
];

/** The page's horizontal overflow once it has loaded. */
async function overflowAt(page: Page, path: string): Promise<number> {
  await page.goto(path);
  // The site's shell and the admin panel both show a page heading once their loaders are gone.
  await expect(page.getByTestId('loading-screen')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return horizontalOverflow(page);
}

/** The first detail page a list links to, e.g. /raffles/1 from /raffles. */
async function firstDetailPath(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await waitForShell(page);
  const link = page.locator(`main a[href^="${list}/"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** Pages wider than the window scroll sideways as a whole: the header and text slide off with whatever sticks out. */
test.describe('phone screen', () => {
  test.use({ viewport: PHONE });

  test('no member page is wider than the phone, lists and details alike', async ({ page }) => {
    await loginAs(page, 'LuckyLuke');
    const details = [
      await firstDetailPath(page, '/raffles'),
      await firstDetailPath(page, '/tournaments'),
      await firstDetailPath(page, '/tickets'),
    ];
    const overflow: Record<string, number> = {};
    for (const path of [...MEMBER_PAGES, ...details]) overflow[path] = await overflowAt(page, path);
    expect(Object.entries(overflow).filter(([, px]) => px > 0)).toEqual([]);
  });

  test('no admin section is wider than the phone', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    const overflow: Record<string, number> = {};
    for (const section of ADMIN_SECTIONS) overflow[section] = await overflowAt(page, `/admin-new/${section}`);
    expect(Object.entries(overflow).filter(([, px]) => px > 0)).toEqual([]);
  });
});

test.describe('half a desktop screen', () => {
  test.use({ viewport: HALF_SCREEN });

  test('no admin section is wider than the window; wide tables scroll inside their card', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    const overflow: Record<string, number> = {};
    for (const section of ADMIN_SECTIONS) overflow[section] = await overflowAt(page, `/admin-new/${section}`);
    expect(Object.entries(overflow).filter(([, px]) => px > 0)).toEqual([]);
  });
});
