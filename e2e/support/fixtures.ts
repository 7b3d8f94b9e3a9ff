import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { serverPort } from './server-port';

export type CookieConsentChoice = 'accepted' | 'declined' | null;

interface ShellFixtures {
  /** What localStorage['cookie_consent'] holds before every navigation; null leaves it unset (banner shown). */
  cookieConsent: CookieConsentChoice;
  /**
   * The age gate's cookie the browser starts with: '18' (answered "Yes", what most specs assume), or null for a
   * browser that was never asked (docs/responsible-gambling.md).
   */
  ageAnswer: string | null;
}

/** A stand-in for the Kick player so no test depends on the internet or on Kick being up. */
const KICK_PLAYER_STUB = '<!doctype html><html lang="en"><head><title>Kick player</title></head><body></body></html>';

/**
 * The shared test object for browser specs: pages go to this worker's server, the Kick player is stubbed in every
 * context, and the cookie banner is answered up front (it sits over the bottom of the page) unless a test opts out.
 */
export const test = base.extend<ShellFixtures>({
  cookieConsent: ['accepted', { option: true }],
  ageAnswer: ['18', { option: true }],
  // This worker's own product server (see server-port.ts); every context the test opens starts from it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(`http://localhost:${serverPort()}`),
  context: async ({ context, cookieConsent, ageAnswer }, use) => {
    if (ageAnswer) await answerAgeGate(context, ageAnswer);
    await context.route('https://player.kick.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: KICK_PLAYER_STUB }),
    );
    if (cookieConsent) await answerCookieBanner(context, cookieConsent);
    await use(context);
  },
});

export { expect };

/** Gives a context the age gate's cookie, as a browser whose viewer answered "Yes" (`age` the age they confirmed). */
export async function answerAgeGate(context: BrowserContext, age = '18'): Promise<void> {
  await context.addCookies([{ name: 'kb_age', value: age, url: `http://localhost:${serverPort()}` }]);
}

/** Answers the cookie banner up front in every page of the context (it sits over the bottom of the page). */
export async function answerCookieBanner(context: BrowserContext, choice: 'accepted' | 'declined' = 'accepted'): Promise<void> {
  await context.addInitScript((value) => {
    // Only on our own origin: the stubbed player frame has its own storage and must not throw here.
    try {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('cookie_consent', value);
    } catch {
      /* opaque or storage-less frame */
    }
  }, choice);
}

/** The shell is interactive once the auth loader has gone (SPEC: it clears within 2000 ms at the latest). */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-auth-loading', 'false');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0);
}
