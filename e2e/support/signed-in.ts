import type { Browser, BrowserContext, Page } from '@playwright/test';
import { injectedPageData } from './browser-globals';
import { answerAgeGate, expect, waitForShell } from './fixtures';
import { signedInState, type DemoUser } from './session';

/** A browser context with the account's shared signed-in cookies and the cookie banner answered. */
async function signedInContext(browser: Browser, username: DemoUser): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: await signedInState(browser, username) });
  await answerAgeGate(context);
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
  const session = (await (await context.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
  const headers = { 'x-csrf-token': session.data.csrfToken };
  const call = async <T>(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<T> => {
    const res = await context.request[method](path, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  return { context, call };
}
