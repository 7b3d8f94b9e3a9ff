import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

const points = async (page: Page) =>
  Number(((await page.getByTestId('points-banner').locator('.store-banner__value').textContent()) ?? '').replace(/[^0-9]/g, ''));

test.describe('store', () => {
  test('a member redeems and sees Pending; an admin processes it; the entry turns Processed without a reload', async ({ browser }) => {
    const member = await signedIn(browser, 'LuckyLuke');
    const admin = await signedIn(browser, 'StreamBoss');

    // A sold-out item of this test's own: Go live's archive (e2e/cockpit.spec.ts) takes the seeded sold-out ones away.
    const soldOut = `Sold-out tee ${Date.now().toString(36)}`;
    await (
      await signedInApi(browser, 'StreamBoss')
    ).call('post', '/api/admin/store-items', { name: soldOut, cost: 10, category: 'merch', quantity: 0 });
    await member.page.goto('/store');
    const item = member.page.locator('.store-item', { hasText: 'Discord VIP Role' });
    await expect(item.getByRole('button', { name: 'Redeem' })).toBeEnabled();
    // The SPEC §4 button states are all on the page.
    await expect(member.page.locator('.store-item', { hasText: soldOut }).getByRole('button')).toHaveText('Out of Stock');
    await expect(member.page.locator('.store-item', { hasText: '$100 Bonus Buy' }).getByRole('button')).toHaveText('Not Enough Points');
    const before = await points(member.page);

    await item.getByRole('button', { name: 'Redeem' }).click();
    const dialog = member.page.getByRole('dialog', { name: 'Confirm Purchase' });
    await expect(dialog.getByTestId('confirm-after')).toHaveText((before - 500).toLocaleString('en-US'));
    await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
    await expect(member.page.getByRole('region', { name: 'Notifications' }).getByText('Item redeemed successfully!')).toBeVisible();
    await expect.poll(() => points(member.page)).toBe(before - 500);

    const entry = member.page.locator('[data-testid^="redemption-"]', { hasText: 'Discord VIP Role' }).first();
    await expect(entry).toContainText('Pending');
    const redemptionId = ((await entry.getAttribute('data-testid')) ?? '').replace('redemption-', '');

    await admin.page.goto('/admin-new/store-redemptions');
    await admin.page.getByRole('button', { name: `Mark redemption ${redemptionId} processed` }).click();
    await expect(admin.page.getByTestId(`admin-redemption-${redemptionId}`)).toContainText('Processed');

    // The member's page was never reloaded: the change arrives over the socket.
    await expect(member.page.getByTestId(`redemption-${redemptionId}`)).toContainText('Processed', { timeout: 15_000 });
    await expect(
      member.page.getByRole('region', { name: 'Notifications' }).getByText('Your Discord VIP Role redemption has been processed.'),
    ).toBeVisible();

    for (const m of [member, admin]) await m.context.close();
  });
});
