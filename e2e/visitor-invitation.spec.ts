import { expect, test } from './support/fixtures';
import { createRaffle } from './support/raffles-admin';
import { signedIn } from './support/signed-in';
import { injectedPageData } from './support/browser-globals';

test.describe('a visitor is invited in and brought back', () => {
  test("a visitor's Enter on a raffle page leads to login and back to the raffle, where they can enter", async ({ browser, page }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const title = `Visitor raffle ${Date.now()}`;
    const id = await createRaffle(admin.page, title);
    await admin.context.close();

    await page.goto(`/raffles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in with Kick to enter this raffle' })).toBeVisible();
    await page.getByRole('button', { name: 'Enter for Free' }).click();

    await page.waitForURL(`/login?next=%2Fraffles%2F${id}`);
    await expect(page.getByRole('link', { name: 'Log in with Kick' })).toHaveAttribute('href', `/auth/kick?next=%2Fraffles%2F${id}`);
    await page.getByRole('button', { name: /^SpinQueen\b/ }).click();

    await page.waitForURL(`/raffles/${id}`);
    expect((await injectedPageData(page)).user?.username).toBe('SpinQueen');
    await page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(page.getByRole('button', { name: 'Entered' })).toBeDisabled();
  });

  test('the hero invites a visitor with "Log in with Kick to earn points"', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in with Kick to earn points' })).toHaveAttribute('href', '/login');
  });
});
