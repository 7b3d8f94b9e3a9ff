import type { Page } from '@playwright/test';
import { injectedPageData } from './browser-globals';
import { expect, waitForShell } from './fixtures';

/** Seeded demo accounts (libs/domain/src/demo); StreamBoss is the only admin. */
export type DemoUser = 'StreamBoss' | 'HelpDeskHana' | 'LuckyLuke' | 'SpinQueen' | 'NoKickNick';

/** Logs in the way a person does locally: the server-rendered /login page and its demo buttons. */
export async function loginAs(page: Page, username: DemoUser): Promise<void> {
  await page.goto('/login');
  // Each button reads "<username> <role>", so match the name at the start only.
  await page.getByRole('button', { name: new RegExp(`^${username}\\b`) }).click();
  await page.waitForURL('/');
  await waitForShell(page);
  // The page the server rendered after the redirect carries the session's user (works at any viewport,
  // where the Logout button may sit behind the mobile menu).
  expect((await injectedPageData(page)).user?.username).toBe(username);
}
