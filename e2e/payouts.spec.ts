import type { Raffle } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

test.describe('payouts', () => {
  test('a member watches their prize go from waiting to paid, with its proof, without reloading', async ({ browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const adminApi = await signedInApi(browser, 'StreamBoss');
    const member = await signedIn(browser, 'LuckyLuke');
    const memberApi = await signedInApi(browser, 'LuckyLuke');

    // A raffle of this test's own with one entrant: its draw opens one payout to that member.
    const title = `Payout headset ${Date.now().toString(36)}`;
    const raffle = await adminApi.call<Raffle>('post', '/api/admin/raffles', {
      title,
      description: 'Paid with proof',
      prize_description: title,
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    await memberApi.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
    await adminApi.call('post', `/api/admin/raffles/${raffle.id}/draw`);

    await member.page.goto('/prizes');
    const row = member.page.locator('[data-testid^="my-prize-"]', { hasText: title });
    await expect(row).toHaveAttribute('data-status', 'waiting_approval');
    const payoutId = ((await row.getAttribute('data-testid')) ?? '').replace('my-prize-', '');
    await expect(row.getByTestId(`my-prize-status-${payoutId}`)).toHaveText('Waiting approval');

    // The admin works the queue: approve, then mark paid with a transaction hash.
    await admin.page.goto('/admin-new/payouts?status=waiting_approval&source=raffle');
    await admin.page.getByRole('button', { name: `Approve: payout ${payoutId}` }).click();
    await expect(admin.page.getByRole('region', { name: 'Notifications' }).getByText(`Payout #${payoutId} is now Approved.`)).toBeVisible();
    await admin.page.goto('/admin-new/payouts?status=approved&source=raffle');
    await admin.page.getByRole('button', { name: `Mark paid: payout ${payoutId}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: new RegExp(`Mark paid: #${payoutId}`) });
    await dialog.getByLabel('Transaction id or hash').fill('0xfeedbeef');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(admin.page.getByRole('region', { name: 'Notifications' }).getByText(`Payout #${payoutId} is now Paid.`)).toBeVisible();

    // The member's page was never reloaded: each change arrived over their socket, the proof with the last one.
    await expect(row).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
    await expect(row.getByTestId(`my-prize-status-${payoutId}`)).toHaveText('Paid');
    await expect(row.getByTestId('payout-proof')).toContainText('0xfeedbeef');
    await expect(member.page.getByRole('region', { name: 'Notifications' }).getByText(`Your prize ${title} is now Paid.`)).toBeVisible();

    // It is on the public Payouts page, masked, with its proof.
    await member.page.goto('/payouts');
    await expect(member.page.getByTestId(`payout-${payoutId}`)).toContainText('0xfeedbeef');
    await expect(member.page.getByTestId(`payout-${payoutId}`)).toContainText('lu*******');
    await expect(member.page.getByTestId(`payout-${payoutId}`)).not.toContainText(/luckyluke/i);

    for (const c of [admin.context, adminApi.context, member.context, memberApi.context]) await c.close();
  });
});
