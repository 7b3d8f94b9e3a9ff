import { expect, test } from './support/fixtures';

test('the built product serves the home page with the injected site data', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Kickback' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Leaderboard' })).toBeVisible();
  const injected = await page.evaluate(() => (globalThis as unknown as { __APP__: { csrfToken: string; user: unknown } }).__APP__);
  expect(injected.csrfToken.length).toBeGreaterThan(20);
  expect(injected.user).toBeNull();
});

test('unknown routes show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
