import type { Browser, BrowserContext, Page } from '@playwright/test';
import { loginAs, type DemoUser } from './session';

/** A signed-in page in its own browser context (its own cookies and socket), with the cookie banner answered. */
export async function signedIn(browser: Browser, username: DemoUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    try {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'cookie_consent',
        'accepted',
      );
    } catch {
      /* frames without storage */
    }
  });
  const page = await context.newPage();
  await loginAs(page, username);
  return { context, page };
}
