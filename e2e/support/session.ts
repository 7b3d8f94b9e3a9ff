import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { injectedPageData } from './browser-globals';
import { expect, waitForShell } from './fixtures';
import { signedInStateDir } from './signed-in-state';

/** Seeded demo accounts (libs/domain/src/demo); StreamBoss is the only admin, ModMila the moderator. */
export type DemoUser = 'StreamBoss' | 'HelpDeskHana' | 'LuckyLuke' | 'SpinQueen' | 'NoKickNick' | 'ModMila';

/**
 * Logs in the way a person does locally: the server-rendered /login page and its demo buttons. Tests about
 * logging in or out use this; a test that ends its session (logout) must, so the shared session stays valid.
 */
export async function loginThroughPage(page: Page, username: DemoUser): Promise<void> {
  await page.goto('/login');
  // Each button reads "<username> <role>", so match the name at the start only.
  await page.getByRole('button', { name: new RegExp(`^${username}\\b`) }).click();
  await page.waitForURL('/');
  await waitForShell(page);
  // The page the server rendered after the redirect carries the session's user (works at any viewport,
  // where the Logout button may sit behind the mobile menu).
  expect((await injectedPageData(page)).user?.username).toBe(username);
}

/**
 * The account's signed-in browser state (cookies) for this run, made by one login through the page the first
 * time any test asks for it and shared by every later test and worker. Written under a temporary name and
 * renamed, so a second worker never reads half a file.
 */
export async function signedInState(browser: Browser, username: DemoUser): Promise<string> {
  const file = join(signedInStateDir(), `${username}.json`);
  if (existsSync(file)) return file;
  mkdirSync(signedInStateDir(), { recursive: true });
  const context = await browser.newContext();
  try {
    await loginThroughPage(await context.newPage(), username);
    const partial = `${file}.${process.pid}.tmp`;
    await context.storageState({ path: partial });
    renameSync(partial, file);
  } finally {
    await context.close();
  }
  return file;
}

/**
 * Gives the page's context the demo account's shared session, without opening a page: for tests whose first step
 * is a page of their own. The session endpoint confirms the account, so a lost session fails here, not later as
 * a page that quietly shows its logged-out state.
 */
export async function withSession(page: Page, username: DemoUser): Promise<void> {
  const browser = page.context().browser();
  if (!browser) return loginThroughPage(page, username);
  const { cookies } = JSON.parse(readFileSync(await signedInState(browser, username), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await page.context().addCookies(cookies);
  const session = (await (await page.request.get('/api/r/session')).json()) as { data: { user: { username: string } | null } };
  expect(session.data.user?.username).toBe(username);
}

/** Signs the page's context in as a demo account (the run's shared session) and opens the home page. */
export async function loginAs(page: Page, username: DemoUser): Promise<void> {
  await withSession(page, username);
  await page.goto('/');
  await waitForShell(page);
  expect((await injectedPageData(page)).user?.username).toBe(username);
}
