import type { Browser, BrowserContext, Page } from '@playwright/test';
import { callsOn } from './api-calls';
import { injectedPageData } from './browser-globals';
import { answerAgeGate, answerCookieBanner, expect, waitForShell } from './fixtures';
import { signedInState, type DemoUser } from './session';

/** A browser context with the account's shared signed-in cookies and the cookie banner answered. */
async function signedInContext(browser: Browser, username: DemoUser): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: await signedInState(browser, username) });
  await answerAgeGate(context);
  await answerCookieBanner(context);
  return context;
}

/** A signed-in page in its own browser context (its own cookies and socket), with the cookie banner answered. */
export async function signedIn(browser: Browser, username: DemoUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, username);
  const page = await context.newPage();
  await page.goto('/');
  await waitForShell(page);
  expect((await injectedPageData(page)).user?.username).toBe(username);
  return { context, page };
}

/**
 * An account's API calls without a page: the shared signed-in cookies in a context of their own, and the session's
 * CSRF token. For tests that set up data through the API where no screen of the account is part of the test.
 */
export async function signedInApi(browser: Browser, username: DemoUser) {
  const context = await signedInContext(browser, username);
  return { context, call: await callsOn(context.request) };
}
