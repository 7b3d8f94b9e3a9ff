import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  clipboardText,
  injectedPageData,
  documentHeight,
  localStorageItem,
  rootCssVariable,
  windowScrollY,
} from './support/browser-globals';
import { DEMO_SITE } from './support/demo-data';
import { expect, test, waitForShell } from './support/fixtures';
import { loginAs, loginThroughPage } from './support/session';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await waitForShell(page);
}

test.describe('anonymous home', () => {
  test('hero shows the site name and description with both calls to action', async ({ page }) => {
    await openHome(page);
    const hero = page.getByRole('region', { name: DEMO_SITE.name });
    await expect(hero.getByRole('heading', { level: 1, name: DEMO_SITE.name })).toBeVisible();
    await expect(hero.getByText(DEMO_SITE.description)).toBeVisible();
    await expect(hero.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    await expect(hero.getByRole('button', { name: 'Become an Affiliate' })).toBeVisible();
    await expect(mainNav(page).getByTestId('nav-login')).toHaveAttribute('href', '/login');
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);

    await hero.getByRole('link', { name: 'View Leaderboard' }).click();
    await expect(page).toHaveURL('/leaderboard');
  });

  test("'Become an Affiliate' scrolls to the partners section", async ({ page }) => {
    await openHome(page);
    const partners = page.locator('#affiliates');
    await expect(partners.getByRole('heading', { name: 'Our Partners' })).toBeAttached();
    await expect(partners).not.toBeInViewport();

    await page.getByRole('button', { name: 'Become an Affiliate' }).click();
    await expect(partners).toBeInViewport();
    await expect(partners).toBeFocused();
  });

  test('quick-link cards lead to the six sections', async ({ page }) => {
    await openHome(page);
    const cards = page.getByRole('region', { name: 'Explore' }).getByRole('link');
    const expected = [
      ['Leaderboard', '/leaderboard'],
      ['Bonus Hunts', '/bonus-hunts'],
      ['Tournaments', '/tournaments'],
      ['Raffles', '/raffles'],
      ['Store', '/store'],
      ['Winners', '/winners'],
    ] as const;
    await expect(cards).toHaveCount(expected.length);
    for (const [index, [title, href]] of expected.entries()) {
      await expect(cards.nth(index)).toHaveAccessibleName(new RegExp(`^${title} `));
      await expect(cards.nth(index)).toHaveAttribute('href', href);
    }

    await page
      .getByRole('region', { name: 'Explore' })
      .getByRole('link', { name: /^Winners/ })
      .click();
    await expect(page).toHaveURL('/winners');
  });

  test('partner cards copy their code and confirm for a moment', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openHome(page);
    const partners = page.locator('#affiliates');
    for (const { name } of DEMO_SITE.affiliates) await expect(partners.getByRole('article', { name })).toBeVisible();

    const [first] = DEMO_SITE.affiliates;
    const card = partners.getByRole('article', { name: first.name });
    await card.getByRole('button', { name: `Copy Code for ${first.name}` }).click();
    await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await clipboardText(page)).toBe(first.code);
    // The confirmation is temporary (2000 ms): the button goes back to its normal label.
    await expect(card.getByRole('button', { name: `Copy Code for ${first.name}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copied!' })).toHaveCount(0);
  });

  test('the Kick player embeds the channel from the settings', async ({ page }) => {
    await openHome(page);
    const player = page.getByTitle(`${DEMO_SITE.kickChannelSlug} live stream on Kick`);
    await expect(player).toHaveAttribute('src', new RegExp(`^https://player\\.kick\\.com/${DEMO_SITE.kickChannelSlug}(\\?|$)`));
  });

  test("footer shows the site name, description and an external 'Powered by' link", async ({ page }) => {
    await openHome(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(DEMO_SITE.name, { exact: true })).toBeVisible();
    await expect(footer.getByText(DEMO_SITE.description)).toBeVisible();
    await expect(footer).toContainText('Powered by');
    const poweredBy = footer.getByRole('link', { name: new RegExp(`^${DEMO_SITE.poweredBy.label}`) });
    await expect(poweredBy).toHaveAttribute('href', DEMO_SITE.poweredBy.url);
    await expect(poweredBy).toHaveAttribute('target', '_blank');
    await expect(poweredBy).toHaveAttribute('rel', /noopener/);
  });

  test('a link opens its page at the top, and Back returns to where the reader was', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await openHome(page);
    const storeCard = page.getByRole('region', { name: 'Explore' }).getByRole('link', { name: /^Store/ });
    await storeCard.scrollIntoViewIfNeeded();
    const readerWasAt = await windowScrollY(page);
    expect(readerWasAt).toBeGreaterThan(0);

    await storeCard.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    // The store is tall enough to stay scrolled where home was, so only the restoration brings it to its top.
    await expect.poll(() => documentHeight(page)).toBeGreaterThan(readerWasAt + 667);
    await expect.poll(() => windowScrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect.poll(() => windowScrollY(page)).toBe(readerWasAt);
  });
});

test.describe('cookie banner', () => {
  test.use({ cookieConsent: null });

  for (const [choice, stored] of [
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ] as const) {
    test(`shows until answered; ${choice} hides it for good`, async ({ page }) => {
      await openHome(page);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();

      await banner.getByRole('button', { name: choice }).click();
      await expect(banner).toHaveCount(0);
      expect(await localStorageItem(page, 'cookie_consent')).toBe(stored);

      await page.reload();
      await waitForShell(page);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_SITE.name })).toBeVisible();
      await expect(banner).toHaveCount(0);
    });
  }

  test('axe finds nothing serious on home while the banner is shown', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[aria-label="Cookie consent"]').analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(blocking).toEqual([]);
  });
});

test.describe('logged-in navigation', () => {
  for (const username of ['LuckyLuke', 'HelpDeskHana'] as const) {
    test(`${username} sees the member links and no Admin Panel`, async ({ page }) => {
      await loginAs(page, username);
      const nav = mainNav(page);
      for (const label of ['Profile', 'Settings', 'My Tickets'])
        await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(nav.getByTestId('nav-login')).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
      expect((await injectedPageData(page)).user?.username).toBe(username);
    });
  }

  test('the admin also gets an Admin Panel link that opens on Go live', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    const nav = mainNav(page);
    for (const label of ['Profile', 'Settings', 'My Tickets'])
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByTestId('nav-login')).toHaveCount(0);

    await nav.getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page).toHaveURL('/admin-new/go-live');
    await expect(page.getByRole('heading', { level: 1, name: 'Go live' })).toBeVisible();
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    await expect(adminNav.getByRole('link').first()).toHaveText('Go live');
    await expect(adminNav.getByRole('link', { name: 'Site Settings' })).toBeVisible();
  });

  test('logout returns to / as an anonymous visitor', async ({ page }) => {
    // A session of its own: logging out ends it, and the shared one serves other tests.
    await loginThroughPage(page, 'SpinQueen');
    await page.goto('/terms');
    await waitForShell(page);

    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await waitForShell(page);
    await expect(mainNav(page).getByTestId('nav-login')).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0);
    // The server session is gone too, not just the client state.
    expect((await injectedPageData(page)).user).toBeNull();
  });
});

test('an admin renames the site and changes the primary colour; home shows both', async ({ page, context }) => {
  await loginAs(page, 'StreamBoss');
  const { csrfToken } = await injectedPageData(page);
  const before = await page.request.get('/api/admin/settings');
  expect(before.ok()).toBe(true);
  const original = (await before.json()).data as { site_name: string; theme: Record<string, unknown> & { primary_color: string } };
  // Unique per run, and a colour the seed never uses, so the assertions cannot pass on stale data.
  const newName = `E2E Arcade ${Date.now().toString(36)}`;
  const newPrimary = original.theme.primary_color.toLowerCase() === '#2e8b57' ? '#1f6feb' : '#2e8b57';

  // An already open home page follows the change live (site:updated push).
  const openTab = await context.newPage();
  await openHome(openTab);

  try {
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Site name', exact: true }).fill(newName);
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill(newPrimary);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).locator('[data-toast-type="success"]')).toContainText(
      'Settings saved',
    );

    await expect(openTab.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect.poll(() => rootCssVariable(openTab, '--color-primary')).toBe(newPrimary);

    await openHome(page);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(page.getByRole('link', { name: `${newName} home` })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(newName, { exact: true })).toBeVisible();
    expect(await rootCssVariable(page, '--color-primary')).toBe(newPrimary);
  } finally {
    // Put the demo branding back so the other tests see the seed, even when an assertion above failed.
    const restored = await page.request.put('/api/admin/settings', {
      headers: { 'X-CSRF-TOKEN': csrfToken },
      data: { site_name: original.site_name, theme: original.theme },
    });
    expect(restored.ok()).toBe(true);
  }
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1, name: original.site_name })).toBeVisible();
});

test('unknown routes show the 404 page inside the shell', async ({ page }) => {
  await page.goto('/no/such/page');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(mainNav(page)).toBeVisible();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: DEMO_SITE.name })).toBeVisible();
});

test.describe('laptop viewport', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the admin side navigation scrolls to its last section and Back to Site on a short screen', async ({ page }) => {
    await loginAs(page, 'StreamBoss');
    await page.goto('/admin-new/go-live');
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    await expect(adminNav.getByRole('link', { name: 'Go live' })).toBeVisible();

    // Both sit below the fold of a 768 px screen, in a sidebar that stays put while the page scrolls: a person can
    // only reach them by scrolling the sidebar itself.
    const badges = adminNav.getByRole('link', { name: 'Badges' });
    const backToSite = page.getByRole('link', { name: '← Back to Site' });
    for (const link of [badges, backToSite]) {
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await badges.click();
    await expect(page).toHaveURL('/admin-new/badges');
    await backToSite.click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('phone viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens and navigates', async ({ page }) => {
    await openHome(page);
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const store = mainNav(page).getByRole('link', { name: 'Store', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(store).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(store).toBeVisible();
    await expect(mainNav(page).getByTestId('nav-login')).toBeVisible();

    await mainNav(page).getByRole('button', { name: 'Stream' }).click();
    await mainNav(page).getByRole('link', { name: 'Raffles', exact: true }).click();
    await expect(page).toHaveURL('/raffles');
    // Navigating closes the menu again.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(store).toBeHidden();

    await toggle.click();
    await store.click();
    await expect(page).toHaveURL('/store');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('phone viewport, logged in', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu holds the member links and Logout, and stays accessible when open', async ({ page }) => {
    await loginAs(page, 'LuckyLuke');
    const nav = mainNav(page);
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden();

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    for (const label of ['Profile', 'Settings', 'My Tickets'])
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByTestId('nav-login')).toHaveCount(0);

    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(blocking).toEqual([]);

    await nav.getByRole('link', { name: 'My Tickets', exact: true }).click();
    await expect(page).toHaveURL('/tickets');
  });
});
