import type { Page, Request } from '@playwright/test';
import { ADMIN_SECTION_LIST } from '../../frontend/src/admin/admin-sections';
import { headingReplaced, navigateInApp } from './browser-globals';
import { expect, waitForShell } from './fixtures';

/** Every page of the site's navigation and footer an anonymous visitor can open. */
export const VISITOR_PAGES = [
  '/',
  '/bonus-hunts',
  '/tournaments',
  '/raffles',
  '/slots',
  '/leaderboard',
  '/races',
  '/polls',
  '/store',
  '/contact',
  '/winners',
  '/payouts',
  '/terms',
  '/privacy',
];

/** Every page of the site's navigation and footer a logged-in member can open (no ids in the path). */
export const MEMBER_PAGES = [...VISITOR_PAGES, '/profile', '/settings', '/tickets', '/tickets/create', '/prizes'];

/**
 * Every section of the admin panel, as paths: read from the panel's own list of sections (the one its side navigation
 * and routes are made from), so the axe and narrow-screen walks reach a new section without being told.
 */
export const ADMIN_PAGES = ADMIN_SECTION_LIST.map((section) => `/admin-new/${section.path}`);

/** The first detail page the demo member reaches from a list (`/raffles` → `/raffles/12`). */
export async function firstDetailPage(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await waitForShell(page);
  const link = page.locator(`main a[href^="${list}/"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** The detail pages the demo member reaches from the lists: the first raffle, tournament and own ticket. */
export async function memberDetailPages(page: Page): Promise<string[]> {
  const details: string[] = [];
  for (const list of ['/raffles', '/tournaments', '/tickets']) details.push(await firstDetailPage(page, list));
  return details;
}

/** `paths` in groups of at most `size`, so one test walks only a few pages and stays within its timeout on a slow host. */
export function inGroups<T>(paths: readonly T[], size = 5): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < paths.length; i += size) groups.push(paths.slice(i, i + size));
  return groups;
}

/**
 * Runs `step` (a navigation, a tab click), then waits until every API call the page made since has been answered and
 * none followed for a moment (a list answered, then the page reads its next part). Playwright's 'networkidle' counted
 * every request instead, and on a host with a capped CPU a page did not reach it within the test's two minutes.
 */
export async function withApiCallsAnswered(page: Page, step: () => Promise<void>): Promise<void> {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const ours = (request: Request) =>
    (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') && new URL(request.url()).pathname.startsWith('/api/');
  const sent = (request: Request) => {
    if (!ours(request)) return;
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await step();
    await expect.poll(() => pending.size === 0 && Date.now() - lastChange >= 300, { timeout: 60_000, intervals: [100] }).toBe(true);
  } finally {
    page.off('request', sent);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Opens a site or admin page and waits until it has drawn its data (both show a page heading once loaded). */
export async function openLoaded(page: Page, path: string): Promise<void> {
  await withApiCallsAnswered(page, async () => {
    await page.goto(path);
    await expect(page.getByTestId('loading-screen')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
  });
}

/**
 * Opens each page of a walk in turn: the first by a full load, the rest inside the running app, as a member's link
 * does (a history entry and its popstate), which spares a load of the whole app per page. A page counts as drawn once
 * its heading is another element or another text than the page before's, the loading screen is gone and its API
 * calls are answered, so a check never runs on the page before; two pages with the same heading fail here instead.
 */
export async function walkPages(page: Page, paths: readonly string[], check: (path: string) => Promise<void>): Promise<void> {
  for (const [i, path] of paths.entries()) {
    if (i === 0) await openLoaded(page, path);
    else await moveLoaded(page, path);
    await check(path);
  }
}

async function moveLoaded(page: Page, path: string): Promise<void> {
  const before = await page.locator('h1').first().elementHandle();
  const beforeText = (await before?.textContent()) ?? null;
  await withApiCallsAnswered(page, async () => {
    await navigateInApp(page, path);
    await expect.poll(() => headingReplaced(page, before, beforeText)).toBe(true);
    await expect(page.getByTestId('loading-screen')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
  });
  await before?.dispose();
}

/** The member's pages whose content sits in tabs: the bonus hunts, the first tournament and the own profile. */
export const TABBED_PAGES: readonly { name: string; path: (page: Page) => Promise<string> }[] = [
  { name: 'the bonus hunts', path: async () => '/bonus-hunts' },
  { name: 'the first tournament', path: (page) => firstDetailPage(page, '/tournaments') },
  { name: 'the own profile', path: async () => '/profile' },
];

/** Shows each tab of the open page in turn and calls `check` once its panel has loaded. */
export async function forEachTab(page: Page, check: (tabName: string) => Promise<void>): Promise<void> {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count, 'tabs on the page').toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await withApiCallsAnswered(page, async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    });
    await check(await tab.innerText());
  }
}
