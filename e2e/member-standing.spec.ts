import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

const headerPoints = async (page: Page) => Number(((await page.getByTestId('member-points').textContent()) ?? '').replace(/[^0-9]/g, ''));

test.describe("a member's standing in the header", () => {
  test('the header shows points and level, and the balance drops live after a redemption', async ({ browser }) => {
    const member = await signedIn(browser, 'SpinQueen');
    const standing = member.page.getByRole('navigation', { name: 'Main' }).getByTestId('member-standing');
    await expect(standing).toContainText(/Lvl \d+/);
    await member.page.goto('/store');
    const item = member.page.locator('.store-item', { hasText: 'Discord VIP Role' });
    await expect(item.getByRole('button', { name: 'Redeem' })).toBeEnabled();
    const before = await headerPoints(member.page);

    await item.getByRole('button', { name: 'Redeem' }).click();
    await member.page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm Purchase' }).click();
    await expect(member.page.getByRole('region', { name: 'Notifications' }).getByText('Item redeemed successfully!')).toBeVisible();
    await expect.poll(() => headerPoints(member.page)).toBe(before - 500);
    await member.context.close();
  });
});
